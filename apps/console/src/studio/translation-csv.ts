// The step's texts as a CSV for translators (a key column, then one per language), and a CSV they
// send back read as the changes it would make, to be accepted or not. Cells are written formula-safe
// (a text beginning with =, +, - or @ gets a leading ', as spreadsheets expect) and read back without it.
import { STUDIO_LANGUAGES, type StepTranslations } from '@kh/engine';
import Papa from 'papaparse';
import { textOf } from './text-of.ts';
import type { TranslationRow } from './types.ts';

type Language = (typeof STUDIO_LANGUAGES)[number];
/** Papa's own guard ends its pattern with `.*$`, which misses a text of more than one line. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function translationsToCsv(rows: TranslationRow[], translations: StepTranslations): string {
  return Papa.unparse(
    { fields: ['key', ...STUDIO_LANGUAGES], data: rows.map((row) => [row.key, ...STUDIO_LANGUAGES.map((language) => textOf(row, translations, language))]) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

export interface TextChange {
  key: string;
  language: Language;
  before: string;
  after: string;
}

export interface CsvReading {
  changes: TextChange[];
  /** Keys the step does not use: left out, and named so the editor knows. */
  unknownKeys: string[];
  /** Why the file could not be read at all (no key column, no language column); empty when it could. */
  problem?: 'noKeyColumn' | 'noLanguageColumn' | 'unreadable';
}

/** What a spreadsheet's formula guard added on export, taken off again. */
const unguarded = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/**
 * The changes a CSV makes to the step's texts. An empty cell changes nothing (a translator who left
 * one blank did not mean to erase it; the texts tab empties a text); a key twice: the last row counts.
 */
export function readTranslationsCsv(csv: string, rows: TranslationRow[], translations: StepTranslations): CsvReading {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (header) => header.trim() });
  const fields = parsed.meta.fields ?? [];
  if (parsed.errors.some((error) => error.type === 'Delimiter' || error.type === 'Quotes')) return { changes: [], unknownKeys: [], problem: 'unreadable' };
  if (!fields.includes('key')) return { changes: [], unknownKeys: [], problem: 'noKeyColumn' };
  const languages = STUDIO_LANGUAGES.filter((language) => fields.includes(language));
  if (languages.length === 0) return { changes: [], unknownKeys: [], problem: 'noLanguageColumn' };
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const changes = new Map<string, TextChange>();
  const unknownKeys = new Set<string>();
  for (const record of parsed.data) {
    const key = (record.key ?? '').trim();
    if (!key) continue;
    const row = byKey.get(key);
    if (!row) {
      unknownKeys.add(key);
      continue;
    }
    for (const language of languages) {
      const after = unguarded(record[language] ?? '');
      const before = textOf(row, translations, language);
      const id = `${language} ${key}`;
      if (after === '' || after === before) changes.delete(id);
      else changes.set(id, { key, language, before, after });
    }
  }
  return { changes: [...changes.values()], unknownKeys: [...unknownKeys] };
}

/** The texts with the accepted changes made. */
export function withTextChanges(translations: StepTranslations, changes: TextChange[]): StepTranslations {
  const next: StepTranslations = structuredClone(translations);
  for (const change of changes) (next[change.language] ??= {})[change.key] = change.after;
  return next;
}
