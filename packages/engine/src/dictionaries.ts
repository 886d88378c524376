// All dictionary categories: the code-value categories product staff keep in schemas/dictionaries,
// plus the ones built from country data (SPEC §3: Countries, countries without Malaysia).
import type { DictionaryEntry } from './compile.ts';
import { callingCodes } from './calling-codes.ts';
import { countries, countriesWithoutMalaysia } from './countries.ts';

export interface DictionaryFile {
  category: string;
  entries: (DictionaryEntry & { label: Record<string, string> })[];
}

export const BUILT_IN_CATEGORIES = {
  Countries: countries,
  CountriesWithoutMalaysia: countriesWithoutMalaysia,
  CallingCode: callingCodes,
} as const;

export type LabelledDictionaries = Record<string, { value: string | number | boolean; label: Record<string, string> }[]>;

export function assembleDictionaries(files: DictionaryFile[]): LabelledDictionaries {
  const result: LabelledDictionaries = {};
  for (const file of files) result[file.category] = file.entries;
  for (const [category, build] of Object.entries(BUILT_IN_CATEGORIES)) result[category] = build();
  return result;
}
