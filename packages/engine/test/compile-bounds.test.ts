// A step document from the studio cannot make the compiler's work explode: a field's visibility
// includes the visibility of every field its rule reads, and that shared condition is compiled once
// and referenced, never copied into each field that depends on it. A chain where each field depends
// on the two before it (the document that froze the server for seconds per compile) grows linearly.
import { describe, expect, it } from 'vitest';
import { compile, validateStep, type StepSchema } from '../src/index.ts';
import { lintSteps } from '../src/lint.ts';
import { loadLocales, loadMetaSchema } from '../src/node/load.ts';
import { validatorCode, validatorFromCode } from '../src/node/validator-code.ts';
import { dictionaries } from './helpers.ts';

/** n text fields, each visible when the `reads` fields before it are filled, each with a length rule. */
export function chainedDocument(n: number, reads = 2): StepSchema {
  const payload: Record<string, string> = {};
  const fields = Array.from({ length: n }, (_, i) => {
    payload[`f${i}`] = 'string';
    const read = Array.from({ length: reads }, (_, k) => i - 1 - k).filter((j) => j >= 0).map((j) => ({ field: `f${j}`, filled: true }));
    return {
      id: `f${i}`,
      kind: 'Input',
      valueType: 'string',
      dataKey: `f${i}`,
      labelKey: 'field.contact.email.label',
      rules: [{ rule: 'maxLength', max: 10 }],
      ...(read.length ? { visibleWhen: { all: read } } : {}),
    };
  });
  return { id: 'contact', stepCode: 2000, titleKey: 'step.contact.title', payload, fields } as unknown as StepSchema;
}

const sizeOf = (n: number) => {
  const compiled = compile(chainedDocument(n), { dictionaries });
  return { schema: JSON.stringify(compiled.jsonSchema).length, code: validatorCode(compiled).length };
};

describe('compiling a step is linear in its visibility rules', () => {
  it('the JSON Schema and the validator code of a chain of fields grow with the number of fields, not the number of paths', () => {
    const small = sizeOf(10);
    const large = sizeOf(16);
    // Linear growth: 16/10 of the size, give or take the fixed part. Copied conditions grew 1.6x per field (×17 here).
    expect(large.schema / small.schema).toBeLessThan(2);
    expect(large.code / small.code).toBeLessThan(2);
    expect(large.schema).toBeLessThan(16 * 1000);
  });

  it('a 60-field chain (each reading the one before) compiles, validates and decides visibility as the predicate and the schema agree', () => {
    const compiled = compile(chainedDocument(60, 1), { dictionaries });
    const validator = validatorFromCode(validatorCode(compiled));
    const allFilled = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'short']));
    expect(compiled.isVisible('f59', allFilled)).toBe(true);
    expect(validateStep(compiled, allFilled, { validator })).toEqual([]);
    // One field too long: the error is its own. One gap: every field after it is hidden, and not validated.
    expect(validateStep(compiled, { ...allFilled, f40: 'far too long for ten' }, { validator }).map((e) => e.field)).toEqual(['f40']);
    const gap = { ...allFilled, f30: '', f50: 'far too long for ten' };
    expect(compiled.isVisible('f30', gap)).toBe(true);
    expect(compiled.isVisible('f31', gap)).toBe(false);
    expect(compiled.isVisible('f32', gap)).toBe(false);
    expect(compiled.isVisible('f59', gap)).toBe(false);
    expect(validateStep(compiled, gap, { validator })).toEqual([]);
  });
});

describe('what a validator would evaluate is bounded by the lint', () => {
  it('fields each reading the two before them (the document that froze the server) are refused, naming the first field past the bound; a chain reading one is not', () => {
    const lint = (document: StepSchema) => lintSteps({ steps: [{ file: 'contact.json', document }], dictionaries, locales: loadLocales(), metaSchema: loadMetaSchema('step') });
    const refused = lint(chainedDocument(18)).filter((p) => p.reason.includes('conditions once the rules of the fields it reads are followed'));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ field: expect.stringMatching(/^f\d+$/), reason: expect.stringMatching(/^its visibility takes \d+ conditions once the rules of the fields it reads are followed; at most 200/) });
    expect(lint(chainedDocument(60, 1)).filter((p) => p.reason.includes('conditions'))).toEqual([]);
  });
});
