// One verdict for a step's data, the same in the browser and on the server: the JSON Schema part
// through whichever ajv validator the caller holds (precompiled in the browser), then the semantic
// rules. Every error is a translation key with parameters, at most one per field.
import type { CompiledStep, MessageEntry } from './compile.ts';
import { CONTEXT_PROPERTY, type FormData, type JsonSchema } from './rules.ts';
import { requiredMessageKey, type MessageParams } from './validation-rules.ts';
import { sameVerifiedValue } from './verified-identity.ts';
import { ownValue } from './data-key.ts';

export interface FieldError {
  field: string;
  key: string;
  params?: MessageParams;
}

/** The parts of an ajv ErrorObject or an RJSF validation error that we read. */
export interface RawError {
  keyword?: string;
  name?: string;
  schemaPath?: string;
  instancePath?: string;
  property?: string;
  params?: Record<string, unknown>;
}

/** What @rjsf/validator-ajv8 validators (precompiled or not) offer. */
export interface StructuralValidator {
  rawValidation(schema: JsonSchema, data: FormData): { errors?: RawError[] | null; validationError?: Error };
}

const fieldOfInstance = (error: RawError): string | undefined => {
  const path = error.instancePath ?? (error.property ? error.property.replace(/^\./, '/').replace(/\./g, '/') : '');
  return path.split('/').filter(Boolean)[0];
};

/** The longest of `messagePaths` that an error's schemaPath is or starts with (at a "/"): the message rule it falls under. */
export function messagePathOf(schemaPath: string, messagePaths: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const prefix of messagePaths) if ((schemaPath === prefix || schemaPath.startsWith(`${prefix}/`)) && prefix.length > (best?.length ?? -1)) best = prefix;
  return best;
}

/** The keywords whose errors messageFor answers without reading their schemaPath (the validator code leaves it out: node/error-paths.ts). */
export const KEYWORDS_READ_WITHOUT_PATH: ReadonlySet<string> = new Set(['if', 'required']);

function messageFor(compiled: CompiledStep, error: RawError): FieldError | undefined {
  const keyword = error.keyword ?? error.name;
  if (keyword === 'if') return undefined;
  if (keyword === 'required') {
    const field = String(error.params?.missingProperty ?? '');
    const valueField = compiled.valueFields.find((f) => f.id === field);
    return valueField ? { field, key: requiredMessageKey(valueField) } : undefined;
  }
  const messagePath = error.schemaPath === undefined ? undefined : messagePathOf(error.schemaPath, Object.keys(compiled.messages));
  const best: MessageEntry | undefined = messagePath === undefined ? undefined : compiled.messages[messagePath];
  if (best) return { field: best.field, key: best.key, ...(best.params ? { params: best.params } : {}) };
  const field = fieldOfInstance(error);
  if (!field || field === CONTEXT_PROPERTY) return undefined;
  return { field, key: keyword === 'enum' || keyword === 'const' ? 'validation.option' : 'validation.format' };
}

export function validateStep(
  compiled: CompiledStep,
  data: FormData,
  { validator, now = new Date() }: { validator: StructuralValidator; now?: Date },
): FieldError[] {
  const withContext = { ...data, [CONTEXT_PROPERTY]: compiled.context };
  const { errors, validationError } = validator.rawValidation(compiled.jsonSchema, withContext);
  if (validationError) throw validationError;
  const byField = new Map<string, FieldError>();
  // A fact the identity check verified cannot be answered otherwise: this error comes first.
  for (const field of compiled.valueFields) {
    if (!Object.hasOwn(compiled.locked, field.id) || !compiled.isVisible(field.id, data)) continue;
    if (!sameVerifiedValue(field.verifiedBy!, ownValue(data, field.id), compiled.locked[field.id])) byField.set(field.id, { field: field.id, key: 'validation.identityLocked' });
  }
  for (const error of errors ?? []) {
    const message = messageFor(compiled, error);
    if (message && !byField.has(message.field)) byField.set(message.field, message);
  }
  for (const [fieldId, checks] of Object.entries(compiled.semantic)) {
    const value = ownValue(data, fieldId);
    if (byField.has(fieldId) || value === undefined || value === null || value === '') continue;
    if (!compiled.isVisible(fieldId, data)) continue;
    for (const check of checks) {
      const message = check(value, data, compiled.context, now);
      if (message) {
        byField.set(fieldId, { field: fieldId, ...message });
        break;
      }
    }
  }
  const order = compiled.valueFields.map((f) => f.id);
  return [...byField.values()].sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}

/** Field ids that hold a value while hidden: these are dropped by toPayload and refused by the server. */
export const hiddenFieldsWithValues = (compiled: CompiledStep, data: FormData): string[] =>
  compiled.valueFields
    .filter((f) => ![undefined, '', null].includes(ownValue(data, f.id) as never) && !compiled.isVisible(f.id, data))
    .map((f) => f.id);
