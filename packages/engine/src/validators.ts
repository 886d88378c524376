// Structural validators for validateStep. The precompiled ones are ajv standalone code generated
// at build time (scripts/build-validators.ts), so the browser needs no `new Function` and runs
// under a strict Content-Security-Policy; the server loads the very same modules.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { deepEquals } from '@rjsf/utils';
type ValidatorFunctions = Parameters<typeof createPrecompiledValidator>[0];
import type { JsonSchema } from './rules.ts';
import type { StructuralValidator } from './validate.ts';

/**
 * RJSF's precompiled validator deep-compares the schema it is given with its own before every
 * validation (a 30 KB schema, on every keystroke and every save). A compiled step hands the same
 * schema object each time, so a schema found equal once is known by identity from then on.
 */
export function precompiledValidator(validateFns: ValidatorFunctions, jsonSchema: JsonSchema): StructuralValidator {
  const validator = createPrecompiledValidator(validateFns, jsonSchema) as unknown as { ensureSameRootSchema(schema: JsonSchema, formData?: unknown): boolean };
  const ensure = validator.ensureSameRootSchema.bind(validator);
  const equalToRoot = new WeakSet<object>([jsonSchema]);
  validator.ensureSameRootSchema = (schema, formData) => {
    if (equalToRoot.has(schema)) return true;
    // Only a schema equal to the root itself is remembered; one equal to it resolved for some data is checked each time.
    if (deepEquals(schema, jsonSchema)) {
      equalToRoot.add(schema);
      return true;
    }
    return ensure(schema, formData);
  };
  return validator as unknown as StructuralValidator;
}
