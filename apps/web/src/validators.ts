// The step validators. A production build bundles the precompiled ones (ajv standalone code from
// build:validators): the page compiles nothing at run time, so it runs under script-src 'self'.
// The dev server cannot serve that CommonJS code, so development uses RJSF's runtime ajv instead.
import type { JsonSchema, StructuralValidator } from '@kh/engine';

const byStep = new Map<string, StructuralValidator>();

export async function loadValidators(): Promise<void> {
  if (import.meta.env.DEV) {
    const { customizeValidator } = await import('@rjsf/validator-ajv8');
    const runtime = customizeValidator() as unknown as StructuralValidator;
    for (const path of Object.keys(import.meta.glob('../../../schemas/steps/*.json'))) byStep.set(/([A-Za-z]+)\.json$/.exec(path)![1], runtime);
    return;
  }
  const { precompiledValidator } = await import('@kh/engine/validators');
  const modules = import.meta.glob<Record<string, unknown>>('../../../packages/engine/generated/*.validator.cjs');
  const schemas = import.meta.glob<JsonSchema>('../../../packages/engine/generated/*.schema.json', { import: 'default' });
  await Promise.all(
    Object.entries(modules).map(async ([path, load]) => {
      const stepId = /([A-Za-z]+)\.validator\.cjs$/.exec(path)![1];
      const fns = (await load()) as { default?: Record<string, unknown> };
      const schema = await schemas[path.replace('.validator.cjs', '.schema.json')]();
      byStep.set(stepId, precompiledValidator((fns.default ?? fns) as never, schema));
    }),
  );
}

export function validatorFor(stepId: string): StructuralValidator {
  const validator = byStep.get(stepId);
  if (!validator) throw new Error(`No validator for ${stepId}: run pnpm build:validators`);
  return validator;
}
