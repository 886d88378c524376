// The file-system edge of the engine: reads schemas/ and the locale files. Used by the lint,
// the build scripts, the server and tests; the browser gets the same documents bundled.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StepSchema } from '../step-schema.ts';
import { assembleDictionaries, type DictionaryFile, type LabelledDictionaries } from '../dictionaries.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, '../../../..');
export const SCHEMAS_DIR = join(REPO_ROOT, 'schemas');
export const LOCALES_DIR = join(REPO_ROOT, 'packages/i18n/locales');

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const jsonFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.json')).sort();

export interface Loaded<T> {
  file: string;
  document: T;
}

export const loadStepFiles = (dir = join(SCHEMAS_DIR, 'steps')): Loaded<StepSchema>[] =>
  jsonFiles(dir).map((name) => ({ file: join(dir, name), document: readJson<StepSchema>(join(dir, name)) }));

export const loadStepSchemas = (dir?: string): StepSchema[] => loadStepFiles(dir).map((entry) => entry.document);

export const loadDictionaryFiles = (dir = join(SCHEMAS_DIR, 'dictionaries')): Loaded<DictionaryFile>[] =>
  jsonFiles(dir).map((name) => ({ file: join(dir, name), document: readJson<DictionaryFile>(join(dir, name)) }));

export const loadDictionaries = (dir?: string): LabelledDictionaries =>
  assembleDictionaries(loadDictionaryFiles(dir).map((entry) => entry.document));

/** { en: { field: {...}, validation: {...} }, 'zh-HK': ... } */
export function loadLocales(dir = LOCALES_DIR): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    readdirSync(dir).map((lang) => [lang, Object.fromEntries(jsonFiles(join(dir, lang)).map((name) => [name.replace(/\.json$/, ''), readJson(join(dir, lang, name))]))]),
  );
}

export const loadMetaSchema = (name: 'step' | 'dictionary'): Record<string, unknown> => readJson(join(SCHEMAS_DIR, 'meta', `${name}.schema.json`));
