// The rule forms come from the meta-schema: every rule it names, with the parameters it requires.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newRule, parameterValue, ruleForms } from '../src/studio/rule-forms.ts';

const metaSchema = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../schemas/meta/step.schema.json'), 'utf8'));

describe('rule forms', () => {
  const forms = ruleForms(metaSchema);
  const form = (rule: string) => forms.find((f) => f.rule === rule)!;
  it('names every rule of the language once, with its parameters and their kinds', () => {
    const names = forms.map((f) => f.rule);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['required', 'maxLength', 'mobile', 'nric', 'age', 'fileTypes', 'mustBeTrue']));
    expect(form('required').parameters).toEqual([]);
    expect(form('mobile').parameters).toEqual([
      { name: 'areaCodeField', kind: 'field', required: true },
      { name: 'min', kind: 'integer', required: true },
      { name: 'max', kind: 'integer', required: true },
    ]);
    expect(form('fileTypes').parameters).toEqual([{ name: 'types', kind: 'list', required: true }]);
    expect(form('mustBeTrue').parameters).toEqual([{ name: 'messageKey', kind: 'text', required: false }]);
  });
  it('starts a new rule with what it requires, and reads typed values by kind', () => {
    expect(newRule(form('mobile'), 'areaCode')).toEqual({ rule: 'mobile', areaCodeField: 'areaCode', min: 1, max: 1 });
    expect(newRule(form('mustBeTrue'), 'x')).toEqual({ rule: 'mustBeTrue' });
    expect(parameterValue('integer', '40')).toBe(40);
    expect(parameterValue('integer', 'x')).toBe('x');
    expect(parameterValue('list', 'jpg, png,')).toEqual(['jpg', 'png']);
  });
});
