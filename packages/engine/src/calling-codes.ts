// Calling codes from libphonenumber's numbering plans: the phone input's area codes and a country's code.
// The mobile build and metadata, as the phone check uses: one metadata set in the bundle, not two.
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/mobile';
import phoneMetadata from 'libphonenumber-js/metadata.mobile.json';
import { countries, MALAYSIA_PR, LANGUAGES, type CountryEntry, type Language } from './countries.ts';

/** "60" for Malaysia ("MY"); undefined where no numbering plan exists. */
export const callingCodeOf = (alpha2: string): string | undefined => (isSupportedCountry(alpha2) ? String(getCountryCallingCode(alpha2)) : undefined);

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
