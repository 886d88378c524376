// Validators compiled ahead of time: the browser runs ajv standalone code (no `new Function`), and
// it must give exactly the verdict of RJSF's runtime-compiled ajv on every step.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateStep } from '../src/index.ts';
import { GENERATED_DIR, loadPrecompiled } from '../src/node/generated.ts';
import { NOW, compileStep, runtimeValidator, steps, validPersonal } from './helpers.ts';

const samples: Record<string, Record<string, unknown>[]> = {
  personal: [
    validPersonal(),
    { ...validPersonal(), identityType: 102, nricNumber: undefined },
    { ...validPersonal(), nationality: 'XXX', maritalStatus: 7, regPostcode: '123' },
    { ...validPersonal(), sameAsRegistered: false },
    {},
  ],
  contact: [{ areaCode: '60', mobile: '0123', email: 'x', username: 'a b' }, {}],
  market: [{ myMarket: true, myType: 1 }, { myMarket: true }],
  tax: [{ taxResidentOutside: true, hasTin: false, noTinReason: 'B' }, { taxResidentOutside: false }],
  agreement: [{ agreed: true }, { agreed: false }],
};

describe('precompiled validators (ajv standalone through RJSF) agree with the runtime validator', () => {
  for (const stepId of Object.keys(steps)) {
    it(`${stepId}: the generated schema is the one compile() gives today (run pnpm build:validators)`, () => {
      expect(loadPrecompiled(stepId).jsonSchema).toEqual(compileStep(stepId).jsonSchema);
    });
    it(`${stepId}: same errors on every sample, in every context`, () => {
      const { validator } = loadPrecompiled(stepId);
      for (const context of [{ nationality: 'MYS', maritalStatus: 2 }, { nationality: 'SGP', identityType: 102 }]) {
        const compiled = compileStep(stepId, { context });
        for (const data of samples[stepId] ?? [{}]) {
          expect(validateStep(compiled, data, { validator, now: NOW })).toEqual(validateStep(compiled, data, { validator: runtimeValidator, now: NOW }));
        }
      }
    });
  }
  it('the personal step refuses what it should through the precompiled validator', () => {
    const { validator } = loadPrecompiled('personal');
    const errors = validateStep(compileStep('personal'), { ...validPersonal(), maritalStatus: 7 }, { validator, now: NOW });
    expect(errors).toEqual([{ field: 'maritalStatus', key: 'validation.option' }]);
  });
  it('the generated code compiles nothing at run time (no new Function, no eval)', () => {
    for (const stepId of Object.keys(steps)) {
      const code = readFileSync(join(GENERATED_DIR, `${stepId}.validator.cjs`), 'utf8');
      expect(code).not.toMatch(/new Function|\beval\(/);
      expect(code).not.toMatch(/require\("ajv"\)/);
    }
  });
});

describe('the precompiled validator\'s schema check', () => {
  it('compares a compiled step\'s schema once, then knows it by identity; another schema is still refused', () => {
    const { validator } = loadPrecompiled('contact');
    const compiled = compileStep('contact', { context: { nationality: 'MYS' } });
    const other = { ...structuredClone(compiled.jsonSchema), required: ['somethingElse'] };
    expect(() => validator.rawValidation(other, {})).toThrow(/differs from the rootSchema/);
    expect(() => validator.rawValidation(other, {})).toThrow(/differs from the rootSchema/);
    // An equal copy passes and is remembered: changed afterwards, it is not compared again (what
    // saves the deep comparison on every keystroke; compiled steps are never changed).
    const known = structuredClone(compiled.jsonSchema);
    expect(() => validator.rawValidation(known, {})).not.toThrow();
    (known as { required?: string[] }).required = ['changedAfterwards'];
    expect(() => validator.rawValidation(known, {})).not.toThrow();
  });
});
