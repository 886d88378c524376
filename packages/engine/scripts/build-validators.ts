// pnpm build:validators — compiles every step with the shipped dictionaries and writes, per step,
// its JSON Schema and the ajv standalone validator code (CommonJS: RJSF's ids break the ESM output),
// made as a publish makes a version's (validatorCode).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '../src/compile.ts';
import { loadDictionaries, loadStepSchemas } from '../src/node/load.ts';
import { GENERATED_DIR } from '../src/node/generated.ts';
import { validatorCode } from '../src/node/validator-code.ts';

rmSync(GENERATED_DIR, { recursive: true, force: true });
mkdirSync(GENERATED_DIR, { recursive: true });
const dictionaries = loadDictionaries();
const steps = loadStepSchemas();
for (const step of steps) {
  const { jsonSchema } = compile(step, { dictionaries });
  writeFileSync(join(GENERATED_DIR, `${step.id}.schema.json`), `${JSON.stringify(jsonSchema, null, 2)}\n`);
  writeFileSync(join(GENERATED_DIR, `${step.id}.validator.cjs`), validatorCode(jsonSchema));
}
writeFileSync(join(GENERATED_DIR, 'steps.json'), `${JSON.stringify(steps.map((s) => s.id))}\n`);
console.log(`Precompiled validators for ${steps.length} steps in ${GENERATED_DIR}`);
