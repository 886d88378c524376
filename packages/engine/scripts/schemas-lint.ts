// pnpm schemas:lint — checks every step schema; exits 1 with file, field and reason per problem.
import { formatProblem, lintSteps } from '../src/lint.ts';
import type { StepSchema } from '../src/step-schema.ts';
import { compileProblems } from '../src/node/compile-check.ts';
import { loadDictionaries, loadLocales, loadMetaSchema, loadStepFiles } from '../src/node/load.ts';

const steps = loadStepFiles();
const dictionaries = loadDictionaries();
const problems = lintSteps({ steps, dictionaries, locales: loadLocales(), metaSchema: loadMetaSchema('step') });
// A step the static lint passes must also compile to the validator a publish makes, and run.
if (problems.length === 0) for (const { file, document } of steps) problems.push(...compileProblems(file, document as StepSchema, dictionaries));
for (const problem of problems) console.error(formatProblem(problem));
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s) in the step schemas.`);
  process.exit(1);
}
console.log('Step schemas: no problems.');
