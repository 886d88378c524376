// Validators compiled ahead of time: the browser runs ajv standalone code (no `new Function`), and
// it must give exactly the verdict of RJSF's runtime-compiled ajv on every step.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateStep } from '../src/index.ts';
import { createRequire } from 'node:module';
import { GENERATED_DIR, loadPrecompiled } from '../src/node/generated.ts';
import { schemaKey } from '../src/validators.ts';
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

const require = createRequire(import.meta.url);

describe('precompiled validators (ajv standalone) agree with the runtime validator', () => {
  for (const stepId of Object.keys(steps)) {
    it(`${stepId}: the generated validator is made for the schema compile() gives today, and only for it (run pnpm build:validators)`, () => {
      const exported = Object.keys(require(join(GENERATED_DIR, `${stepId}.validator.cjs`)) as object);
      expect(exported).toEqual([schemaKey(compileStep(stepId).jsonSchema)]);
    });
    it(`${stepId}: same errors on every sample, in every context`, () => {
      const validator = loadPrecompiled(stepId);
      for (const context of [{ nationality: 'MYS', maritalStatus: 2 }, { nationality: 'SGP', identityType: 102 }]) {
        const compiled = compileStep(stepId, { context });
        for (const data of samples[stepId] ?? [{}]) {
          expect(validateStep(compiled, data, { validator, now: NOW })).toEqual(validateStep(compiled, data, { validator: runtimeValidator, now: NOW }));
        }
      }
    });
  }
  it('the personal step refuses what it should through the precompiled validator', () => {
    const validator = loadPrecompiled('personal');
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
  it('answers only the schema it was made for, which it knows by identity once it has seen it', () => {
    const validator = loadPrecompiled('contact');
    const compiled = compileStep('contact', { context: { nationality: 'MYS' } });
    const other = { ...structuredClone(compiled.jsonSchema), required: ['somethingElse'] };
    expect(() => validator.rawValidation(other, {})).toThrow(/made for another schema/);
    // An equal copy is answered, and its key is remembered: changed afterwards, it is not hashed
    // again (what saves hashing a 30 KB schema on every keystroke; compiled steps are never changed).
    const known = structuredClone(compiled.jsonSchema);
    expect(validator.rawValidation(known, {}).errors?.length).toBeGreaterThan(0);
    (known as { required?: string[] }).required = ['changedAfterwards'];
    expect(() => validator.rawValidation(known, {})).not.toThrow();
  });
});
