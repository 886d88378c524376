// The validators keep only the parts of the step schema their code reads, and answer as the
// runtime-compiled ajv does: the same errors (the allowed values of every enum error included), each
// schemaPath cut to the message path validateStep reads, and the same verdict from validateStep.
import { describe, expect, it } from 'vitest';
import { validatorCode, validatorFromCode } from '../src/node/validator-code.ts';
import { withOnlySchemaPartsRead } from '../src/node/schema-constants.ts';
import { withErrorPathsCutTo } from '../src/node/error-paths.ts';
import { messagePathOf, validateStep, type RawError } from '../src/validate.ts';
import { compileStep, runtimeValidator, steps } from './helpers.ts';

interface Candidates {
  wrong: unknown[];
  /** What conditions compare with: picked as often as all the enum values together, so that the branches they open are reached. */
  compared: unknown[];
  allowed: unknown[];
}

/** Per property name, the values its schema names anywhere (enum, const), and a wrong one of each kind. */
function candidateValues(schema: unknown, into = new Map<string, Candidates>(), property?: string): Map<string, Candidates> {
  if (Array.isArray(schema)) schema.forEach((s) => candidateValues(s, into, property));
  else if (schema && typeof schema === 'object') {
    const record = schema as Record<string, unknown>;
    if (property) {
      const values = into.get(property) ?? into.set(property, { wrong: [424242, 'zz', ['zz'], true], compared: [], allowed: [] }).get(property)!;
      if (Array.isArray(record.enum)) values.allowed.push(...record.enum, [record.enum[0]]);
      if ('const' in record) values.compared.push(record.const);
    }
    for (const [key, value] of Object.entries(record)) {
      if (key === 'properties' && value && typeof value === 'object') for (const [name, sub] of Object.entries(value)) candidateValues(sub, into, name);
      else candidateValues(value, into, property);
    }
  }
  return into;
}

/** mulberry32: a fixed sequence of pseudo-random numbers, so that a failure is the same on every run. */
const sequence = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
const pick = <T>(random: () => number, list: T[]): T => list[Math.floor(random() * list.length)]!;

/** An error as validateStep reads it: a schemaPath only up to the message rule it falls under, and none for "required" and "if". */
const comparable = (errors: RawError[] | null | undefined, messagePaths: string[], cut: boolean) =>
  (errors ?? []).map(({ keyword, instancePath, schemaPath, params }) => ({
    keyword,
    instancePath,
    params,
    schemaPath: !cut || schemaPath === undefined ? schemaPath : keyword === 'required' || keyword === 'if' ? undefined : messagePathOf(schemaPath, messagePaths),
  }));

describe('schema constants in the validator code', () => {
  for (const stepId of Object.keys(steps)) {
    it(`${stepId}: keeps no more of the schema than its code reads, and every enum error reports the same allowed values as the runtime validator`, () => {
      const compiled = compileStep(stepId, { context: { nationality: 'MYS', maritalStatus: 2 } });
      const { jsonSchema } = compiled;
      const messagePaths = Object.keys(compiled.messages);
      const code = validatorCode(compiled);
      const constant = /^const schema\d+ = (.+);$/m.exec(code)?.[1];
      if (constant) expect(constant).not.toMatch(/"(type|pattern|if|required)"/);
      const validator = validatorFromCode(code);
      const candidates = [...candidateValues(jsonSchema)];
      const random = sequence(stepId.length);
      const reported = new Set<string>();
      for (let sample = 0; sample < 300; sample++) {
        const data = Object.fromEntries(
          candidates.filter(() => random() < 0.7).map(([name, values]) => [name, pick(random, pick(random, [values.wrong, values.compared, values.allowed].filter((group) => group.length > 0)))]),
        );
        const ours = validator.rawValidation(jsonSchema, data).errors;
        expect(comparable(ours, messagePaths, false)).toEqual(comparable(runtimeValidator.rawValidation(jsonSchema, data).errors, messagePaths, true));
        expect(validateStep(compiled, data, { validator })).toEqual(validateStep(compiled, data, { validator: runtimeValidator }));
        for (const error of ours ?? []) if (error.keyword === 'enum') reported.add(`${error.instancePath} ${error.schemaPath}`);
      }
      // Every enum the constant keeps was reported on some sample: the comparison above covered it.
      const kept = constant ? (JSON.stringify(JSON.parse(constant)).match(/"enum"/g) ?? []).length : 0;
      expect(reported.size).toBeGreaterThanOrEqual(kept);
    });
  }

  it('cuts each error path to the longest message path it falls under, at a "/" only, and drops the rest', () => {
    const error = (path: string, keyword: string) => `{instancePath,schemaPath:${JSON.stringify(path)},keyword:"${keyword}",params:{}}`;
    const code = [error('#/properties/a"b/allOf/0/pattern', 'pattern'), error('#/properties/ab/allOf/10/enum', 'enum'), error('#/allOf/2/then/properties/c', 'not'), error('#/allOf/2/if', 'if'), error('#/required', 'required')].join('\n');
    const cut = withErrorPathsCutTo(code, ['#/properties/a"b/allOf/0', '#/properties/ab/allOf/1', '#/allOf/2/then/properties/c', '#/allOf/2']).split('\n');
    expect(cut).toEqual([
      '{instancePath,schemaPath:"#/properties/a\\"b/allOf/0",keyword:"pattern",params:{}}',
      '{instancePath,keyword:"enum",params:{}}',
      '{instancePath,schemaPath:"#/allOf/2/then/properties/c",keyword:"not",params:{}}',
      '{instancePath,keyword:"if",params:{}}',
      '{instancePath,keyword:"required",params:{}}',
    ]);
  });

  it('reads bracketed names, keeps a key named __proto__ as a key, and leaves a constant used whole as it is', () => {
    const read = 'const schema11 = {"properties":{"a-b":{"enum":[1]},"__proto__":{"enum":[2]},"c":{"type":"string"}}};\nf(schema11.properties["a-b"].enum, schema11.properties.__proto__.enum);';
    expect(withOnlySchemaPartsRead(read).split('\n')[0]).toBe('const schema11 = {"properties":{"a-b":{"enum":[1]},"__proto__":{"enum":[2]}}};');
    const whole = 'const schema11 = {"type":"object","enum":[1]};\nf(schema11.enum, schema11);';
    expect(withOnlySchemaPartsRead(whole)).toBe(whole);
  });
});
