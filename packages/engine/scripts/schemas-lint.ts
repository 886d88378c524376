// pnpm schemas:lint — checks every step schema; exits 1 with file, field and reason per problem.
import { formatProblem, lintSteps } from '../src/lint.ts';
import { loadDictionaries, loadLocales, loadMetaSchema, loadStepFiles } from '../src/node/load.ts';

const problems = lintSteps({
  steps: loadStepFiles(),
  dictionaries: loadDictionaries(),
  locales: loadLocales(),
  metaSchema: loadMetaSchema('step'),
});
for (const problem of problems) console.error(formatProblem(problem));
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s) in the step schemas.`);
  process.exit(1);
}
console.log('Step schemas: no problems.');
