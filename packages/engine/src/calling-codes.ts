// Calling codes from libphonenumber's numbering plans: the phone input's area codes and a country's
// code. Only the codes and their regions (build:validators writes them): the plans themselves load
// when a number is checked (checks/numbering-plans.ts).
import regionsByCode from '../generated/calling-codes.json';
import { countries, MALAYSIA_PR, LANGUAGES, type CountryEntry, type Language } from './countries.ts';

const callingCodes_ = regionsByCode as Record<string, string[]>;

/** "60" for Malaysia ("MY"); undefined where no numbering plan exists. */
export const callingCodeOf = (alpha2: string): string | undefined => Object.keys(callingCodes_).find((code) => callingCodes_[code]!.includes(alpha2));

/** Area codes for the phone input: one per calling code, named after its main country, Malaysia first. */
export function callingCodes(): { value: string; label: Record<Language, string> }[] {
  const byAlpha2 = new Map(countries().filter((c) => c.value !== MALAYSIA_PR).map((c) => [c.alpha2, c]));
  const codes = Object.entries(callingCodes_)
    .map(([code, regions]) => ({ code, country: byAlpha2.get(regions[0]) }))
    .filter((entry): entry is { code: string; country: CountryEntry } => entry.country !== undefined)
    .sort((a, b) => (a.code === '60' ? -1 : b.code === '60' ? 1 : a.country.label.en.localeCompare(b.country.label.en)));
  return codes.map(({ code, country }) => ({
    value: code,
    label: Object.fromEntries(LANGUAGES.map((lang) => [lang, `+${code} ${country.label[lang]}`])) as Record<Language, string>,
  }));
}
