// The step schemas on the server: the same documents, dictionaries and precompiled validators as
// the browser, so both give one verdict. The context comes from what the server has stored.
// Version 0 of each step is the build-time document; the studio's published versions
// (steps/step-versions.ts) come as a StepVersion and compile and validate the same way.
import { compile, validateStep, valueFieldsOf, type CompiledStep, type VerifiedIdentity, type FieldError, type FormData, type StepContext, type StepSchema, type StepTranslations, type StructuralValidator } from '@kh/engine';
import { loadDictionaries, loadStepSchemas } from '@kh/engine/node';
import { loadPrecompiled } from '@kh/engine/generated';
import { stepByCode, type StepName } from '@kh/flow';
import { resolveLanguage, translate } from '@kh/i18n';

const schemas = new Map<string, StepSchema>(loadStepSchemas().map((s) => [s.id, s]));
export const dictionaries = loadDictionaries();
const validators = new Map<string, StructuralValidator>();

/** One version of a step: its document, the texts it brings and its validator. */
export interface StepVersion {
  stepId: string;
  version: number;
  document: StepSchema;
  translations: StepTranslations;
  validator(): StructuralValidator;
}

/** The build-time version (0) of a step. */
export function bundledVersion(stepId: string): StepVersion {
  const document = schemas.get(stepId);
  if (!document) throw new Error(`No schema for step ${stepId}`);
  return { stepId, version: 0, document, translations: {}, validator: () => validatorFor(stepId) };
}

// Which version a document is, so a compiled step finds its validator; documents are never shared between versions.
const versionOfDocument = new WeakMap<StepSchema, StepVersion>();
let nextDocumentId = 1;
const documentIds = new WeakMap<StepSchema, number>();
const documentId = (document: StepSchema) => documentIds.get(document) ?? (documentIds.set(document, nextDocumentId), nextDocumentId++);

export const FORM_STEP_IDS = [...schemas.keys()];

/** The step schema id for a fill-step code, or undefined when the code is not a form step. */
export function stepIdForCode(code: number): StepName | undefined {
  const step = stepByCode(code);
  return step && step.form && schemas.has(step.name) ? step.name : undefined;
}

/** Whether a step has fields the verified identity locks (`verifiedBy`): only those need it looked up. */
const LOCKING_STEPS = new Set([...schemas.values()].filter((s) => valueFieldsOf(s).some((f) => f.verifiedBy)).map((s) => s.id));
export const locksToIdentity = (stepId: string): boolean => LOCKING_STEPS.has(stepId);
/** The steps with fields the verified identity locks, which a new identity check carries its facts into. */
export const stepsLockedToIdentity = (): string[] => [...LOCKING_STEPS].filter((stepId) => !schemas.get(stepId)?.identityCheck);

// A compiled step depends on its inputs only and is never changed by its users: one per distinct
// input, kept (the few contexts an applicant can have, times the steps), instead of one per request.
const COMPILED_KEPT = 2000;
const compiled = new Map<string, CompiledStep>();

export function compileStep(
  stepId: string,
  context: StepContext,
  { rejectedItems = [], verifiedIdentity, version }: { rejectedItems?: string[]; verifiedIdentity?: VerifiedIdentity; version?: StepVersion } = {},
): CompiledStep {
  if (version && version.stepId !== stepId) throw new Error(`Version of ${version.stepId} given for ${stepId}`);
  const schema = version?.document ?? schemas.get(stepId);
  if (!schema) throw new Error(`No schema for step ${stepId}`);
  if (version) versionOfDocument.set(schema, version);
  const key = JSON.stringify([stepId, documentId(schema), context, rejectedItems, verifiedIdentity ?? null]);
  const kept = compiled.get(key);
  if (kept) return kept;
  const fresh = compile(schema, { dictionaries, context, rejectedItems, verifiedIdentity });
  // Shared between requests: a user that tried to change it would throw, not corrupt the next request.
  for (const part of [fresh, fresh.context, fresh.locked, fresh.editable]) Object.freeze(part);
  // The oldest entry goes first when full: a rare context does not hold a place for ever.
  if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, fresh);
  return fresh;
}

function validatorFor(stepId: string): StructuralValidator {
  let validator = validators.get(stepId);
  if (!validator) {
    validator = loadPrecompiled(stepId);
    validators.set(stepId, validator);
  }
  return validator;
}

export const validateData = (compiled: CompiledStep, data: FormData, now = new Date()): FieldError[] =>
  validateStep(compiled, data, { validator: versionOfDocument.get(compiled.step)?.validator() ?? validatorFor(compiled.step.id), now });

export { contextFromPayloads as contextFrom } from '@kh/engine';

/** A step's message in the applicant's language: the version's own texts first (a key a published version brought), then the shipped ones. */
export function translateForVersion(version: Pick<StepVersion, 'translations'>, language: string | null | undefined, key: string, params: Record<string, string | number> = {}): string {
  const own = version.translations[resolveLanguage(language)]?.[key] ?? version.translations.en?.[key];
  if (own === undefined) return translate(language, key, params);
  return own.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
