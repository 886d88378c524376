// Structural validators for validateStep. The precompiled ones are ajv standalone code generated
// at build time (scripts/build-validators.ts), so the browser needs no `new Function` and runs
// under a strict Content-Security-Policy; the server loads the very same modules.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
type ValidatorFunctions = Parameters<typeof createPrecompiledValidator>[0];
import type { JsonSchema } from './rules.ts';
import type { StructuralValidator } from './validate.ts';

export function precompiledValidator(validateFns: ValidatorFunctions, jsonSchema: JsonSchema): StructuralValidator {
  return createPrecompiledValidator(validateFns, jsonSchema) as unknown as StructuralValidator;
}
