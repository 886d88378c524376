// Countries, for the Countries dictionaries: ISO 3166 codes from i18n-iso-countries (build:validators
// writes its alpha-2 to alpha-3 table: the library itself, with its other tables and a diacritics
// remover, was 7 KB gzip in every browser), names from the runtime's CLDR data (Intl.DisplayNames).
// Calling codes are in calling-codes.ts, with libphonenumber, so that a page without a phone number
// does not load its numbering plans.
import alpha3ByAlpha2 from '../generated/country-codes.json';
import type { DictionaryEntry } from './compile.ts';

export const LANGUAGES = ['en', 'zh-HK', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
const CLDR_LOCALE: Record<Language, string> = { en: 'en', 'zh-HK': 'zh-Hant-HK', 'zh-CN': 'zh-Hans-CN' };

/** Malaysian permanent residents choose this nationality (SPEC §3 country codes). */
export const MALAYSIA_PR = 'MYS-PR';
const PR_LABEL: Record<Language, string> = { en: 'Malaysia (Permanent Resident)', 'zh-HK': '馬來西亞 (永久居民)', 'zh-CN': '马来西亚 (永久居民)' };

export interface CountryEntry extends DictionaryEntry {
  value: string;
  alpha2: string;
  label: Record<Language, string>;
}

let cache: CountryEntry[] | undefined;

export function countries(): CountryEntry[] {
  if (cache) return cache;
  const names = Object.fromEntries(LANGUAGES.map((lang) => [lang, new Intl.DisplayNames([CLDR_LOCALE[lang]], { type: 'region' })]));
  const list: CountryEntry[] = Object.entries(alpha3ByAlpha2 as Record<string, string>).map(([alpha2, alpha3]) => ({
    value: alpha3,
    alpha2,
    label: Object.fromEntries(LANGUAGES.map((lang) => [lang, names[lang].of(alpha2) ?? alpha2])) as Record<Language, string>,
  }));
  list.sort((a, b) => a.label.en.localeCompare(b.label.en));
  const malaysia = list.find((c) => c.value === 'MYS')!;
  cache = [malaysia, { ...malaysia, value: MALAYSIA_PR, label: PR_LABEL }, ...list.filter((c) => c !== malaysia)];
  return cache;
}

export const countriesWithoutMalaysia = (): CountryEntry[] => countries().filter((c) => c.alpha2 !== 'MY');
