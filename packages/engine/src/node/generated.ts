// Where build:validators writes, and how Node code (the server, tests) loads what it wrote.
import { createRequire } from 'node:module';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedValidator, type ValidateFunctions } from '../validators.ts';
import type { StructuralValidator } from '../validate.ts';

export const GENERATED_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../generated');
const require = createRequire(import.meta.url);

/** The build's validator of a step (generated/<step>.validator.cjs). */
export function loadPrecompiled(stepId: string): StructuralValidator {
  return generatedValidator(require(join(GENERATED_DIR, `${stepId}.validator.cjs`)) as ValidateFunctions);
}
