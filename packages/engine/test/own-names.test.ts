// A name from a step document is looked up as an own property, never through Object.prototype: a
// field called "constructor", "toString" or "valueOf" is a field like any other, and a dataKey that
// would reach a prototype ("__proto__", "constructor.prototype") is refused by the lint and the mapping.
import { describe, expect, it } from 'vitest';
import { compile, parseDataKey, setAtPath, validateStep, type StepSchema } from '../src/index.ts';
import { lintSteps } from '../src/lint.ts';
import { loadLocales, loadMetaSchema } from '../src/node/load.ts';
import { validatorCode, validatorFromCode } from '../src/node/validator-code.ts';
import { dictionaries } from './helpers.ts';

const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'];

function documentWith(names: string[]): StepSchema {
  return {
    id: 'contact',
    stepCode: 2000,
    titleKey: 'step.contact.title',
    payload: Object.fromEntries(names.map((name) => [name, 'string'])),
    fields: names.map((name, i) => ({
      id: name,
      kind: 'Input',
      valueType: 'string',
      dataKey: name,
      labelKey: 'field.contact.email.label',
      rules: [{ rule: 'maxLength', max: 20 }],
      // Each but the first shows once the one before is filled.
      ...(i > 0 ? { visibleWhen: { field: names[i - 1], filled: true } } : {}),
    })),
  } as unknown as StepSchema;
}

describe('names from a document are own properties', () => {
  const compiled = compile(documentWith(NAMES), { dictionaries });
  const validator = validatorFromCode(validatorCode(compiled));

  it('an empty form: only the first field shows, nothing is locked, every field editable, no error', () => {
    expect(NAMES.map((name) => compiled.isVisible(name, {}))).toEqual([true, false, false, false, false]);
    expect(Object.keys(compiled.locked)).toEqual([]);
    expect(NAMES.every((name) => compiled.editable[name])).toBe(true);
    expect(validateStep(compiled, {}, { validator })).toEqual([]);
    // A field that is not in the step is not visible, whatever its name.
    expect(compiled.isVisible('toLocaleString', {})).toBe(false);
  });

  it('answers travel to the payload and back under those names', () => {
    const data = Object.fromEntries(NAMES.map((name) => [name, `${name}!`]));
    const payload = compiled.toPayload(data);
    expect(payload).toEqual(data);
    expect(compiled.fromPayload(JSON.parse(JSON.stringify(payload)))).toEqual(data);
    expect(compiled.fromPayload({})).toEqual({});
    expect(validateStep(compiled, data, { validator })).toEqual([]);
    expect(validateStep(compiled, { ...data, valueOf: 'much longer than twenty characters' }, { validator })).toEqual([{ field: 'valueOf', key: 'validation.maxLength', params: { max: 20 } }]);
  });

  it('a dataKey through a prototype is refused: by the mapping, and by the lint with the field named', () => {
    for (const dataKey of ['__proto__.polluted', 'constructor.prototype.polluted', 'a.__proto__']) expect(() => parseDataKey(dataKey)).toThrow(/may not name/);
    expect(() => setAtPath({}, [{ property: '__proto__' }, { property: 'polluted' }], true)).toThrow(/may not name/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const document = documentWith(['name']) as unknown as { fields: { dataKey: string }[]; payload: Record<string, unknown> };
    document.fields[0].dataKey = 'constructor.prototype.polluted';
    document.payload = { constructor: { prototype: { polluted: 'string' } } };
    const problems = lintSteps({ steps: [{ file: 'contact.json', document }], dictionaries, locales: loadLocales(), metaSchema: loadMetaSchema('step') });
    expect(problems).toContainEqual(expect.objectContaining({ field: 'name', reason: expect.stringMatching(/dataKey "constructor.prototype.polluted" may not name "constructor"/) }));
  });

  it('the validator looks for own properties when a name is one every object has, and only then (the check costs every lookup)', () => {
    expect(validatorCode(compiled)).toMatch(/hasOwnProperty/);
    expect(validatorCode(compile(documentWith(['email', 'mobile']), { dictionaries }))).not.toMatch(/hasOwnProperty/);
  });
});
