// Where build:validators writes, and how Node code (the server, tests) loads what it wrote.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonSchema } from '../rules.ts';
import { precompiledValidator } from '../validators.ts';
import type { StructuralValidator } from '../validate.ts';

export const GENERATED_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../generated');
const require = createRequire(import.meta.url);

export function loadPrecompiled(stepId: string): { jsonSchema: JsonSchema; validator: StructuralValidator } {
  const jsonSchema = JSON.parse(readFileSync(join(GENERATED_DIR, `${stepId}.schema.json`), 'utf8')) as JsonSchema;
  const validateFns = require(join(GENERATED_DIR, `${stepId}.validator.cjs`));
  return { jsonSchema, validator: precompiledValidator(validateFns, jsonSchema) };
}
