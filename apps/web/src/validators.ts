// The precompiled validators of every step (ajv standalone code from build:validators): the page
// compiles nothing at run time, so it runs under script-src 'self'.
import type { JsonSchema, StructuralValidator } from '@kh/engine';
import { precompiledValidator } from '@kh/engine/validators';

const modules = import.meta.glob<Record<string, unknown>>('../../../packages/engine/generated/*.validator.cjs', { eager: true });
const schemas = import.meta.glob<JsonSchema>('../../../packages/engine/generated/*.schema.json', { eager: true, import: 'default' });

const byStep = new Map<string, StructuralValidator>();
for (const [path, fns] of Object.entries(modules)) {
  const stepId = /([A-Za-z]+)\.validator\.cjs$/.exec(path)![1];
  const schema = schemas[path.replace('.validator.cjs', '.schema.json')];
  byStep.set(stepId, precompiledValidator(((fns as { default?: Record<string, unknown> }).default ?? fns) as never, schema));
}

export function validatorFor(stepId: string): StructuralValidator {
  const validator = byStep.get(stepId);
  if (!validator) throw new Error(`No precompiled validator for ${stepId}: run pnpm build:validators`);
  return validator;
}
