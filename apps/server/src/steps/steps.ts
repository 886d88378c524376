// The step schemas on the server: the same documents, dictionaries and precompiled validators as
// the browser, so both give one verdict. The context comes from what the server has stored.
// Version 0 of each step is the build-time document; the studio's published versions
// (steps/step-versions.ts) come as a StepVersion and compile and validate the same way.
import { compile, lockedValues, validateStep, valueFieldsOf, type CompiledStep, type VerifiedIdentity, type FieldError, type FormData, type StepContext, type StepSchema, type StepTranslations, type StructuralValidator } from '@kh/engine';
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
// A verified identity counts by the facts it verified, not their values: every applicant checked the
// same way shares one compiled step, with their own values laid on a shallow copy of it
// (`withOwnIdentity`, kept too, for their next save). Keyed by the values, the personal step was
// compiled once an applicant (1.4 ms), and past the cache's places on most saves.
const COMPILED_KEPT = 2000;
const compiled = new Map<string, CompiledStep>();
const withValues = new Map<string, CompiledStep>();

/** Keeps a value; the oldest entry goes first when full: a rare input does not hold a place for ever. */
function kept(map: Map<string, CompiledStep>, key: string, value: CompiledStep): CompiledStep {
  if (map.size >= COMPILED_KEPT) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

export function compileStep(
  stepId: string,
  context: StepContext,
  { rejectedItems = [], verifiedIdentity, version }: { rejectedItems?: string[]; verifiedIdentity?: VerifiedIdentity; version?: StepVersion } = {},
): CompiledStep {
  if (version && version.stepId !== stepId) throw new Error(`Version of ${version.stepId} given for ${stepId}`);
  const schema = version?.document ?? schemas.get(stepId);
  if (!schema) throw new Error(`No schema for step ${stepId}`);
  if (version) versionOfDocument.set(schema, version);
  const inputs = [stepId, documentId(schema), context, rejectedItems];
  const ownKey = verifiedIdentity && JSON.stringify([...inputs, verifiedIdentity]);
  const own = ownKey && withValues.get(ownKey);
  if (own) return own;
  const facts = verifiedIdentity ? Object.keys(verifiedIdentity).filter((fact) => verifiedIdentity[fact as keyof VerifiedIdentity] !== undefined).sort() : null;
  const key = JSON.stringify([...inputs, facts]);
  let shared = compiled.get(key);
  if (!shared) {
    shared = compile(schema, { dictionaries, context, rejectedItems, verifiedIdentity });
    // Shared between requests: a user that tried to change it would throw, not corrupt the next request.
    for (const part of [shared, shared.context, shared.locked, shared.editable]) Object.freeze(part);
    kept(compiled, key, shared);
  }
  return ownKey ? kept(withValues, ownKey, withOwnIdentity(shared, verifiedIdentity!)) : shared;
}

/**
 * A compiled step with this identity's verified values instead of those it was compiled with: only
 * `locked` and the page's first data hold them (which fields are locked, and so `editable` and the
 * widgets, follows from the facts alone).
 */
function withOwnIdentity(shared: CompiledStep, identity: VerifiedIdentity): CompiledStep {
  const locked = lockedValues(shared.valueFields, identity);
  if (Object.keys(locked).every((field) => locked[field] === shared.locked[field])) return shared;
  Object.freeze(locked);
  return Object.freeze({ ...shared, locked, initialData: (payload?: Record<string, unknown>) => ({ ...shared.initialData(payload), ...locked }) });
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
