// The lists a broker loads: the UN Security Council consolidated list in its XML format, and a plain
// CSV (reference, category, name, aliases, birth dates, nationalities) for a national or a PEP list.
// Each entry that cannot be read is reported with its place; the rest are kept.
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import type { ListedPerson } from './match.ts';

export interface ParsedList {
  entries: ListedPerson[];
  problems: string[];
}

/** A country's alpha-3 code from its English name or its code; undefined when unknown. */
export type CountryCodeOf = (nameOrCode: string) => string | undefined;

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

const nationalitiesOf = (names: string[], countryCodeOf: CountryCodeOf, problems: string[], where: string): string[] =>
  names.flatMap((name) => {
    const code = countryCodeOf(name);
    if (!code) problems.push(`${where}: the nationality "${name}" is not a country we know; it is left out of the comparison`);
    return code ? [code] : [];
  });

/** UN Security Council consolidated list (https://scsanctions.un.org/resources/xml/en/consolidated.xml). */
export function parseUnList(xml: string, countryCodeOf: CountryCodeOf): ParsedList {
  const problems: string[] = [];
  const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true });
  let document: Record<string, unknown>;
  try {
    document = parser.parse(xml) as Record<string, unknown>;
  } catch (error) {
    return { entries: [], problems: [`not XML: ${(error as Error).message.split('\n')[0]}`] };
  }
  if (!Object.hasOwn(document, 'CONSOLIDATED_LIST')) return { entries: [], problems: ['not the UN consolidated list: no CONSOLIDATED_LIST element'] };
  // An element with nothing in it is read as an empty string.
  const list = (typeof document.CONSOLIDATED_LIST === 'object' && document.CONSOLIDATED_LIST ? document.CONSOLIDATED_LIST : {}) as Record<string, Record<string, unknown>>;
  const entries: ListedPerson[] = [];
  const people = [
    ...asArray(list.INDIVIDUALS?.INDIVIDUAL as Record<string, unknown>[] | undefined).map((p) => ({ p, aliasTag: 'INDIVIDUAL_ALIAS' })),
    ...asArray(list.ENTITIES?.ENTITY as Record<string, unknown>[] | undefined).map((p) => ({ p, aliasTag: 'ENTITY_ALIAS' })),
  ];
  people.forEach(({ p, aliasTag }, index) => {
    const ref = text(p.REFERENCE_NUMBER) || text(p.DATAID);
    const where = `entry ${index + 1}${ref ? ` (${ref})` : ''}`;
    const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((tag) => text(p[tag])).filter(Boolean).join(' ');
    if (!ref || !name) {
      problems.push(`${where}: no reference number or no name; left out`);
      return;
    }
    const aliases = asArray(p[aliasTag] as Record<string, unknown>[] | undefined).map((alias) => text(alias.ALIAS_NAME)).filter(Boolean);
    const birthDates = asArray(p.INDIVIDUAL_DATE_OF_BIRTH as Record<string, unknown>[] | undefined).flatMap((dob) => {
      const exact = text(dob.DATE).slice(0, 10);
      if (exact) return [exact];
      const year = text(dob.YEAR);
      if (year) return [year];
      const [from, to] = [Number(text(dob.FROM_YEAR)), Number(text(dob.TO_YEAR))];
      if (from && to && to >= from && to - from < 30) return Array.from({ length: to - from + 1 }, (_, k) => String(from + k));
      return [];
    });
    const nationalities = nationalitiesOf(asArray((p.NATIONALITY as Record<string, unknown> | undefined)?.VALUE as string | string[] | undefined).map(text).filter(Boolean), countryCodeOf, problems, where);
    entries.push({ ref, category: 'sanctions', names: [name, ...aliases], birthDates, nationalities });
  });
  if (people.length === 0) problems.push('the list holds no INDIVIDUAL or ENTITY');
  return { entries, problems };
}

const CSV_COLUMNS = ['reference', 'category', 'name', 'aliases', 'birth_dates', 'nationalities'] as const;

/** reference,category,name,aliases,birth_dates,nationalities — aliases, dates and nationalities separated by ";". */
export function parseCsvList(csv: string, countryCodeOf: CountryCodeOf): ParsedList {
  let rows: Record<string, string>[];
  try {
    rows = parse(csv, { columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), skip_empty_lines: true, trim: true, bom: true, relax_column_count: true }) as Record<string, string>[];
  } catch (error) {
    return { entries: [], problems: [`not CSV: ${(error as Error).message.split('\n')[0]}`] };
  }
  const problems: string[] = [];
  const header = rows[0] ? Object.keys(rows[0]) : [];
  const missing = CSV_COLUMNS.filter((column) => !header.includes(column));
  if (rows.length > 0 && missing.length > 0) return { entries: [], problems: [`the header lacks ${missing.join(', ')} (columns: ${CSV_COLUMNS.join(',')})`] };
  const entries: ListedPerson[] = [];
  const split = (value: string | undefined) => (value ?? '').split(';').map((s) => s.trim()).filter(Boolean);
  rows.forEach((row, index) => {
    const where = `line ${index + 2}`;
    const category = row.category?.toLowerCase();
    if (!row.reference || !row.name) return void problems.push(`${where}: no reference or no name; left out`);
    if (category !== 'sanctions' && category !== 'pep') return void problems.push(`${where}: category "${row.category}" is sanctions or pep; left out`);
    const birthDates = split(row.birth_dates);
    const badDate = birthDates.find((date) => !/^\d{4}(-\d{2}(-\d{2})?)?$/.test(date));
    if (badDate) return void problems.push(`${where}: the birth date "${badDate}" is not YYYY, YYYY-MM or YYYY-MM-DD; left out`);
    entries.push({ ref: row.reference, category, names: [row.name, ...split(row.aliases)], birthDates, nationalities: nationalitiesOf(split(row.nationalities), countryCodeOf, problems, where) });
  });
  if (rows.length === 0) problems.push('the file holds no rows');
  return { entries, problems };
}
