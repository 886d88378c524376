// The last part of a step's lint, in Node: the step compiles to the validator code a publish makes,
// and that validator runs on sample answers. What the static lint passes but ajv refuses (a range
// whose pattern cannot be built, say) is a problem reported here, never a failed publish.
import { compile, type Dictionaries } from '../compile.ts';
import type { LintProblem } from '../lint.ts';
import type { FormData } from '../rules.ts';
import type { StepSchema, ValueField } from '../step-schema.ts';
import { validateStep } from '../validate.ts';
import { validatorCode, validatorFromCode } from './validator-code.ts';

/** A plausible answer of each field's type: the first option where it offers some. */
function sampleValue(field: ValueField, options: { value: unknown }[] | undefined): unknown {
  if (options && options.length > 0) return field.valueType === 'stringList' ? [String(options[0].value)] : options[0].value;
  return { string: 'sample', number: 1, boolean: true, stringList: ['sample'] }[field.valueType];
}

export function compileProblems(file: string, step: StepSchema, dictionaries: Dictionaries): LintProblem[] {
  try {
    const compiled = compile(step, { dictionaries });
    const validator = validatorFromCode(validatorCode(compiled));
    const filled: FormData = Object.fromEntries(compiled.valueFields.map((field) => [field.id, sampleValue(field, compiled.options[field.id])]));
    for (const sample of [compiled.initialData(), filled]) validateStep(compiled, sample, { validator });
    return [];
  } catch (error) {
    return [{ file, reason: `the step does not compile to a validator: ${(error as Error).message}` }];
  }
}
