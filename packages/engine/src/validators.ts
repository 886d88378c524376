// Structural validators for validateStep: ajv standalone code generated ahead of time (the build's
// steps by scripts/build-validators.ts, a published version by the server), so the browser needs no
// `new Function` and runs under a strict Content-Security-Policy; the server runs the very same code.
// The code is called as it is: RJSF's precompiled-validator wrapper deep-compared the whole schema
// with its own copy before every validation, and needed that copy shipped beside the code.
import { hashForSchema } from '@rjsf/utils';
import type { JsonSchema } from './rules.ts';
import type { RawError, StructuralValidator } from './validate.ts';

/** An ajv standalone validate function. */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: RawError[] | null;
}

/** What a generated validator module exports: the validate function of its schema, under the schema's key. */
export type ValidateFunctions = Record<string, ValidateFunction>;

const keys = new WeakMap<object, string>();

/**
 * The key a schema's validate function is exported under: RJSF's hash of the schema (its `$id`
 * scheme). Worked out once per schema object: compiled steps are frozen and shared.
 */
export function schemaKey(schema: JsonSchema): string {
  let key = keys.get(schema);
  if (key === undefined) keys.set(schema, (key = hashForSchema(schema)));
  return key;
}

/** A generated module's validate function as the validator validateStep calls; it answers only the schema it was made for. */
export function generatedValidator(functions: ValidateFunctions): StructuralValidator {
  return {
    rawValidation(schema, data) {
      const key = schemaKey(schema);
      const validate = functions[key];
      if (!validate) throw new Error(`This validator was made for another schema than ${key} (run pnpm build:validators, or publish the step again)`);
      validate(data);
      const errors = validate.errors ?? undefined;
      validate.errors = null;
      return { errors };
    },
  };
}
