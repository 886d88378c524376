// Reading the lists a broker loads: the UN consolidated list's XML and the plain CSV.
import { describe, expect, it } from 'vitest';
import { parseCsvList, parseUnList } from '../src/index.ts';

const codes: Record<string, string> = { Malaysia: 'MYS', 'Saudi Arabia': 'SAU', Indonesia: 'IDN', MYS: 'MYS', IDN: 'IDN' };
const countryCodeOf = (name: string) => codes[name];

export const UN_SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST dateGenerated="2026-11-20T10:00:00.000Z">
  <INDIVIDUALS>
    <INDIVIDUAL>
      <DATAID>6908555</DATAID>
      <REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER>
      <FIRST_NAME>AHMAD</FIRST_NAME><SECOND_NAME>FAUZI</SECOND_NAME><THIRD_NAME>BIN</THIRD_NAME><FOURTH_NAME>ISMAIL</FOURTH_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <NATIONALITY><VALUE>Malaysia</VALUE></NATIONALITY>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Abu Fauzi</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>Ahmad Fawzi Ismail</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1971-05-02</DATE></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
    <INDIVIDUAL>
      <DATAID>6908556</DATAID>
      <REFERENCE_NUMBER>QDi.998</REFERENCE_NUMBER>
      <FIRST_NAME>ABU</FIRST_NAME><SECOND_NAME>BAKAR</SECOND_NAME>
      <NATIONALITY><VALUE>Indonesia</VALUE><VALUE>Atlantis</VALUE></NATIONALITY>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>1960</FROM_YEAR><TO_YEAR>1962</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
    <INDIVIDUAL><DATAID>1</DATAID></INDIVIDUAL>
  </INDIVIDUALS>
  <ENTITIES>
    <ENTITY><DATAID>110</DATAID><REFERENCE_NUMBER>QDe.001</REFERENCE_NUMBER><FIRST_NAME>EXAMPLE FOUNDATION</FIRST_NAME><ENTITY_ALIAS><ALIAS_NAME>EF</ALIAS_NAME></ENTITY_ALIAS></ENTITY>
  </ENTITIES>
</CONSOLIDATED_LIST>`;

describe('the UN consolidated list', () => {
  it('reads individuals and entities with their aliases, dates of birth and nationalities', () => {
    const { entries, problems } = parseUnList(UN_SAMPLE, countryCodeOf);
    expect(entries).toEqual([
      { ref: 'QDi.999', category: 'sanctions', names: ['AHMAD FAUZI BIN ISMAIL', 'Abu Fauzi', 'Ahmad Fawzi Ismail'], birthDates: ['1971-05-02'], nationalities: ['MYS'] },
      { ref: 'QDi.998', category: 'sanctions', names: ['ABU BAKAR'], birthDates: ['1960', '1961', '1962'], nationalities: ['IDN'] },
      { ref: 'QDe.001', category: 'sanctions', names: ['EXAMPLE FOUNDATION', 'EF'], birthDates: [], nationalities: [] },
    ]);
    expect(problems).toEqual(['entry 2 (QDi.998): the nationality "Atlantis" is not a country we know; it is left out of the comparison', 'entry 3 (1): no reference number or no name; left out']);
  });
  it('says what is wrong with a file that is not the list', () => {
    expect(parseUnList('<html><body>Not found</body></html>', countryCodeOf).problems).toEqual(['not the UN consolidated list: no CONSOLIDATED_LIST element']);
    expect(parseUnList('<CONSOLIDATED_LIST></CONSOLIDATED_LIST>', countryCodeOf).problems).toEqual(['the list holds no INDIVIDUAL or ENTITY']);
  });
});

describe('the CSV list', () => {
  it('reads rows, and leaves out the ones it cannot read, saying where', () => {
    const csv = [
      'reference,category,name,aliases,birth_dates,nationalities',
      'PEP-1,pep,Dato Seri Tan Ah Kow,Tan A K;Ah Kow Tan,1950-02-03,MYS',
      'PEP-2,friend,Someone Else,,,',
      'S-3,sanctions,"Lee, Siew Ling",,3 May 1970,',
      ',pep,,,,',
    ].join('\n');
    const { entries, problems } = parseCsvList(csv, countryCodeOf);
    expect(entries).toEqual([{ ref: 'PEP-1', category: 'pep', names: ['Dato Seri Tan Ah Kow', 'Tan A K', 'Ah Kow Tan'], birthDates: ['1950-02-03'], nationalities: ['MYS'] }]);
    expect(problems).toEqual([
      'line 3: category "friend" is sanctions or pep; left out',
      'line 4: the birth date "3 May 1970" is not YYYY, YYYY-MM or YYYY-MM-DD; left out',
      'line 5: no reference or no name; left out',
    ]);
  });
  it('refuses a file without the columns, naming them', () => {
    expect(parseCsvList('id,full_name\n1,Ali', countryCodeOf).problems).toEqual(['the header lacks reference, category, name, aliases, birth_dates, nationalities (columns: reference,category,name,aliases,birth_dates,nationalities)']);
  });
});
