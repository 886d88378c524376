import { describe, expect, it } from 'vitest';
import { formatNric, joinAddressLines, lookupPostcode, parseIdAddress, parseNric, splitAddressLines, splitIntoLines } from '../src/index.ts';
import { NOW } from './helpers.ts';

describe('NRIC (MyKad) YYMMDD-PB-###G gives birth date, gender and the state of birth', () => {
  it('reads 900101-14-5678: born 1 Jan 1990 in Kuala Lumpur, even last digit so female', () => {
    expect(parseNric('900101-14-5678', NOW)).toEqual({ birthDate: '1990-01-01', gender: 2, birthPlaceCode: '14', stateCode: '14' });
  });
  it('last digit odd = male; code 10 is Selangor', () => {
    expect(parseNric('850615105671', NOW)).toMatchObject({ birthDate: '1985-06-15', gender: 1, stateCode: '10' });
  });
  it('the secondary state codes map to their state: 43 is Selangor, 47 Sabah, 58 Labuan', () => {
    expect(parseNric('700101431234', NOW)?.stateCode).toBe('10');
    expect(parseNric('700101471234', NOW)?.stateCode).toBe('12');
    expect(parseNric('700101581234', NOW)?.stateCode).toBe('15');
  });
  it('a code for a country of birth abroad (71) has no state', () => {
    expect(parseNric('700101711234', NOW)).toMatchObject({ birthPlaceCode: '71', stateCode: undefined });
  });
  it('YY after this year belongs to the 1900s, up to this year to the 2000s', () => {
    expect(parseNric('050312011235', NOW)?.birthDate).toBe('2005-03-12');
    expect(parseNric('270312011235', NOW)?.birthDate).toBe('1927-03-12');
  });
  it('refuses impossible dates, unknown place codes and wrong lengths', () => {
    expect(parseNric('900230145678', NOW)).toBeUndefined();
    expect(parseNric('900101005678', NOW)).toBeUndefined();
    expect(parseNric('900101705678', NOW)).toBeUndefined();
    expect(parseNric('90010114567', NOW)).toBeUndefined();
  });
  it('formats 12 digits with dashes', () => expect(formatNric('900101145678')).toBe('900101-14-5678'));
});

describe('ID-address parser: lines split at 30 characters without breaking words, 5-digit postcode, town and state from postcode data', () => {
  it('parses a MyKad address from Kuala Lumpur', () => {
    const parsed = parseIdAddress('NO 12 JALAN AMPANG HILIR TAMAN AMPANG HILIR 55000 KUALA LUMPUR WILAYAH PERSEKUTUAN');
    expect(parsed.postCode).toBe('55000');
    expect(parsed.town).toBe('Kuala Lumpur');
    expect(parsed.stateCode).toBe('14');
    expect(parsed.lines).toEqual(['NO 12 JALAN AMPANG HILIR TAMAN', 'AMPANG HILIR']);
    expect(parsed.lines.every((line) => line.length <= 30)).toBe(true);
  });
  it('parses a Penang address printed on several lines', () => {
    const parsed = parseIdAddress('3A LORONG BATU LANCHANG 8\nTAMAN SRI BATU LANCHANG\n11600 JELUTONG\nPULAU PINANG');
    expect(parsed).toMatchObject({ postCode: '11600', stateCode: '07', lines: ['3A LORONG BATU LANCHANG 8', 'TAMAN SRI BATU LANCHANG'] });
    expect(parsed.town).toBe('Jelutong');
  });
  it('looks up Johor Bahru 80100 and Kota Kinabalu 88000', () => {
    expect(lookupPostcode('80100')).toMatchObject({ town: 'Johor Bahru', stateCode: '01' });
    expect(lookupPostcode('88000')).toMatchObject({ town: 'Kota Kinabalu', stateCode: '12' });
  });
  it('an unknown or malformed postcode gives no town or state', () => {
    expect(lookupPostcode('00000')).toBeUndefined();
    expect(lookupPostcode('5000')).toBeUndefined();
    expect(parseIdAddress('NO 1 JALAN SATU')).toMatchObject({ postCode: '', town: '', stateCode: '' });
  });
  it('never breaks a word; a word longer than a line is cut; what does not fit in 3 lines overflows', () => {
    expect(splitIntoLines('AAAA BBBB', 6)).toEqual({ lines: ['AAAA', 'BBBB'], overflow: '' });
    expect(splitIntoLines('ABCDEFGHIJ', 4, 3)).toEqual({ lines: ['ABCD', 'EFGH', 'IJ'], overflow: '' });
    expect(splitIntoLines('A B C D', 1, 3)).toEqual({ lines: ['A', 'B', 'C'], overflow: 'D' });
  });
  it('lines are joined with _ for storage, and split back into three', () => {
    const stored = joinAddressLines(['NO 12 JALAN AMPANG', 'TAMAN_HILIR', '']);
    expect(stored).toBe('NO 12 JALAN AMPANG_TAMAN HILIR_');
    expect(splitAddressLines(stored)).toEqual(['NO 12 JALAN AMPANG', 'TAMAN HILIR', '']);
    expect(splitAddressLines('ONE LINE')).toEqual(['ONE LINE', '', '']);
  });
});
