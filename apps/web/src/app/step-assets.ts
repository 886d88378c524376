// Each step's schema, validator and dictionaries load with its page: the first page carries none of
// them. A production build uses the precompiled validators (ajv standalone code from build:validators),
// so the page compiles nothing at run time and runs under script-src 'self'. The dev server cannot
// serve that CommonJS code, so development uses RJSF's runtime ajv instead.
import { dictionariesOf, type DictionaryFile, type JsonSchema, type LabelledDictionaries, type StepSchema, type StructuralValidator } from '@kh/engine';

export interface StepAssets {
  schema: StepSchema;
  validator: StructuralValidator;
  dictionaries: LabelledDictionaries;
}

const root = '../../../../';
const schemaFiles = import.meta.glob<StepSchema>('../../../../schemas/steps/*.json', { import: 'default' });
const dictionaryFiles = import.meta.glob<DictionaryFile>('../../../../schemas/dictionaries/*.json', { import: 'default' });
const validatorFiles = import.meta.glob<Record<string, unknown>>('../../../../packages/engine/generated/*.validator.cjs');
const compiledSchemas = import.meta.glob<JsonSchema>('../../../../packages/engine/generated/*.schema.json', { import: 'default' });

/** The categories built from country data rather than kept in schemas/dictionaries. */
const builtIn: Record<string, () => Promise<LabelledDictionaries[string]>> = {
  Countries: () => import('@kh/engine/countries').then((m) => m.countries()),
  CountriesWithoutMalaysia: () => import('@kh/engine/countries').then((m) => m.countriesWithoutMalaysia()),
  // libphonenumber's numbering plans load with the pages that take a phone number only.
  CallingCode: () => import('@kh/engine/calling-codes').then((m) => m.callingCodes()),
};

/**
 * Loads each key once; a failed load (a dropped network) is tried afresh next time. `loaded(key)`
 * is what has arrived, synchronously: a page renders it at once, where suspending even on a settled
 * promise would show the fallback and hold the page back (React throttles revealing a boundary).
 */
const once = <T>(load: (key: string) => Promise<T>) => {
  const loading = new Map<string, Promise<T>>();
  const arrived = new Map<string, T>();
  const get = (key: string): Promise<T> => {
    if (!loading.has(key))
      loading.set(
        key,
        load(key).then(
          (value) => (arrived.set(key, value), value),
          (error: unknown) => (loading.delete(key), Promise.reject(error)),
        ),
      );
    return loading.get(key)!;
  };
  return Object.assign(get, { loaded: (key: string): T | undefined => arrived.get(key) });
};

const loadSchema = once(async (stepId) => {
  const load = schemaFiles[`${root}schemas/steps/${stepId}.json`];
  if (!load) throw new Error(`No schema for step ${stepId}`);
  return load();
});

export const loadDictionary = once(async (category) => {
  if (builtIn[category]) return builtIn[category]();
  const load = dictionaryFiles[`${root}schemas/dictionaries/${category}.json`];
  if (!load) throw new Error(`No dictionary ${category}`);
  return (await load()).entries;
});

const loadValidator = once(async (stepId): Promise<StructuralValidator> => {
  if (import.meta.env.DEV) {
    const { customizeValidator } = await import('@rjsf/validator-ajv8');
    return customizeValidator() as unknown as StructuralValidator;
  }
  const module = validatorFiles[`${root}packages/engine/generated/${stepId}.validator.cjs`];
  if (!module) throw new Error(`No validator for ${stepId}: run pnpm build:validators`);
  const [{ precompiledValidator }, fns, schema] = await Promise.all([import('@kh/engine/validators'), module(), compiledSchemas[`${root}packages/engine/generated/${stepId}.schema.json`]()]);
  return precompiledValidator(((fns as { default?: unknown }).default ?? fns) as never, schema);
});

/** A step's schema, validator and the dictionaries it names, loaded once (in parallel) and kept. */
export const loadStepAssets = once(async (stepId): Promise<StepAssets> => {
  const [schema, validator] = await Promise.all([loadSchema(stepId), loadValidator(stepId)]);
  const categories = dictionariesOf(schema);
  const entries = await Promise.all(categories.map(loadDictionary));
  return { schema, validator, dictionaries: Object.fromEntries(categories.map((category, i) => [category, entries[i]])) };
});
