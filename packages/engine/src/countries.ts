// Countries with dialing codes, for the Countries dictionaries: ISO 3166 codes from
// i18n-iso-countries, names from the runtime's CLDR data (Intl.DisplayNames), calling codes from libphonenumber.
import isoCountries from 'i18n-iso-countries';
// The mobile build and metadata, as the phone check uses: one metadata set in the bundle, not two.
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/mobile';
import phoneMetadata from 'libphonenumber-js/metadata.mobile.json';
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
  /** "60" for Malaysia; undefined where no numbering plan exists. */
  callingCode?: string;
}

let cache: CountryEntry[] | undefined;

export function countries(): CountryEntry[] {
  if (cache) return cache;
  const names = Object.fromEntries(LANGUAGES.map((lang) => [lang, new Intl.DisplayNames([CLDR_LOCALE[lang]], { type: 'region' })]));
  const list: CountryEntry[] = Object.keys(isoCountries.getAlpha2Codes()).map((alpha2) => ({
    value: isoCountries.alpha2ToAlpha3(alpha2)!,
    alpha2,
    label: Object.fromEntries(LANGUAGES.map((lang) => [lang, names[lang].of(alpha2) ?? alpha2])) as Record<Language, string>,
    callingCode: isSupportedCountry(alpha2) ? String(getCountryCallingCode(alpha2)) : undefined,
  }));
  list.sort((a, b) => a.label.en.localeCompare(b.label.en));
  const malaysia = list.find((c) => c.value === 'MYS')!;
  cache = [malaysia, { ...malaysia, value: MALAYSIA_PR, label: PR_LABEL }, ...list.filter((c) => c !== malaysia)];
  return cache;
}

export const countriesWithoutMalaysia = (): CountryEntry[] => countries().filter((c) => c.alpha2 !== 'MY');

/** Area codes for the phone input: one per calling code, named after its main country, Malaysia first. */
export function callingCodes(): { value: string; label: Record<Language, string> }[] {
  const byAlpha2 = new Map(countries().filter((c) => c.value !== MALAYSIA_PR).map((c) => [c.alpha2, c]));
  const codes = Object.entries(phoneMetadata.country_calling_codes as Record<string, string[]>)
    .map(([code, regions]) => ({ code, country: byAlpha2.get(regions[0]) }))
    .filter((entry): entry is { code: string; country: CountryEntry } => entry.country !== undefined)
    .sort((a, b) => (a.code === '60' ? -1 : b.code === '60' ? 1 : a.country.label.en.localeCompare(b.country.label.en)));
  return codes.map(({ code, country }) => ({
    value: code,
    label: Object.fromEntries(LANGUAGES.map((lang) => [lang, `+${code} ${country.label[lang]}`])) as Record<Language, string>,
  }));
}
