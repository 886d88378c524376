// pnpm schemas:lint: each kind of mistake, planted in a copy of a real schema, is caught with file, field and reason.
import { describe, expect, it } from 'vitest';
import { lintSteps, type LintInput } from '../src/lint.ts';
import { loadLocales, loadMetaSchema, loadStepFiles } from '../src/node/load.ts';
import { dictionaries } from './helpers.ts';

const base = (): Omit<LintInput, 'steps'> => ({ dictionaries, locales: loadLocales(), metaSchema: loadMetaSchema('step') });
const stepFiles = loadStepFiles();
const copyOf = (id: string) => structuredClone(stepFiles.find((s) => s.document.id === id)!.document) as unknown as { fields: Record<string, unknown>[] } & Record<string, unknown>;
const lintOne = (document: unknown, overrides: Partial<LintInput> = {}) => lintSteps({ ...base(), steps: [{ file: 'schemas/steps/copy.json', document }], ...overrides });
const field = (document: { fields: Record<string, unknown>[] }, id: string): Record<string, unknown> => {
  const all = (fields: Record<string, unknown>[]): Record<string, unknown>[] => fields.flatMap((f) => [f, ...all((f.children as Record<string, unknown>[]) ?? [])]);
  return all(document.fields).find((f) => f.id === id)!;
};

describe('pnpm schemas:lint', () => {
  it('is clean on the real schemas', () => {
    expect(lintSteps({ ...base(), steps: stepFiles })).toEqual([]);
  });
  it('refuses a value a rule compares a field with that the field can never hold: "Married" where marital status holds 1-4', () => {
    const doc = copyOf('personal');
    field(doc, 'raceOther').visibleWhen = { field: 'maritalStatus', eq: 'Married' };
    expect(lintOne(doc)).toContainEqual({ file: 'schemas/steps/copy.json', field: 'raceOther', reason: 'a rule compares maritalStatus with "Married", a string; maritalStatus holds numbers' });
    field(doc, 'raceOther').visibleWhen = { field: 'maritalStatus', in: [2, 7] };
    expect(lintOne(doc)).toContainEqual({ file: 'schemas/steps/copy.json', field: 'raceOther', reason: expect.stringMatching(/^a rule compares maritalStatus with 7, which it can never hold \(its values: 1, 2, 3, 4/) });
    field(doc, 'raceOther').visibleWhen = { field: 'maritalStatus', in: [2, 4] };
    expect(lintOne(doc)).toEqual([]);
  });
  it('refuses a comparison the field\'s type cannot make', () => {
    const doc = copyOf('personal');
    field(doc, 'raceOther').visibleWhen = { field: 'maritalStatus', has: 2 };
    expect(lintOne(doc)).toContainEqual(expect.objectContaining({ field: 'raceOther', reason: expect.stringContaining('"has" asks whether a list holds a value; maritalStatus holds one number') }));
  });
  it('refuses a rule that no answers make true, and takes one that some do', () => {
    const doc = copyOf('personal');
    field(doc, 'raceOther').visibleWhen = { all: [{ field: 'maritalStatus', eq: 1 }, { field: 'maritalStatus', eq: 2 }] };
    expect(lintOne(doc)).toContainEqual({ file: 'schemas/steps/copy.json', field: 'raceOther', reason: 'the rule can never be true, whatever is answered: the field would never show' });
    field(doc, 'raceOther').visibleWhen = { all: [{ field: 'maritalStatus', in: [1, 2] }, { not: { field: 'maritalStatus', eq: 1 } }, { context: 'mode', eq: 'rejected' }] };
    expect(lintOne(doc)).toEqual([]);
    field(doc, 'raceOther').visibleWhen = { all: [{ field: 'sameAsRegistered', eq: true }, { not: { field: 'sameAsRegistered', filled: true } }] };
    expect(lintOne(doc)).toContainEqual(expect.objectContaining({ field: 'raceOther', reason: expect.stringContaining('never be true') }));
  });
  it('catches an unknown kind', () => {
    const doc = copyOf('contact');
    field(doc, 'email').kind = 'TextArea';
    expect(lintOne(doc)).toContainEqual({ file: 'schemas/steps/copy.json', field: 'email', reason: expect.stringContaining('unknown kind "TextArea"') });
  });
  it('catches a dataKey the step does not declare in its payload', () => {
    const doc = copyOf('personal');
    field(doc, 'gender').dataKey = 'sex';
    expect(lintOne(doc)).toContainEqual({ file: 'schemas/steps/copy.json', field: 'gender', reason: 'dataKey "sex" is not declared in the step\'s payload' });
  });
  it('takes a new dataKey once the document declares it: a new field is a schema change, not a code change', () => {
    const doc = copyOf('personal');
    field(doc, 'gender').dataKey = 'sex';
    (doc.payload as Record<string, unknown>).sex = 'number';
    expect(lintOne(doc)).toEqual([]);
  });
  it('catches a step without a payload declaration', () => {
    const doc = copyOf('personal');
    delete doc.payload;
    expect(lintOne(doc)).toContainEqual(expect.objectContaining({ reason: expect.stringContaining("must have required property 'payload'") }));
  });
  it('catches a dataKey whose payload type differs from the valueType', () => {
    const doc = copyOf('personal');
    field(doc, 'gender').valueType = 'string';
    expect(lintOne(doc)).toContainEqual(expect.objectContaining({ field: 'gender', reason: expect.stringContaining('holds number in the payload') }));
  });
  it('catches an unknown dictionary category', () => {
    const doc = copyOf('personal');
    field(doc, 'race').dataSource = { dictionary: 'Ethnicity' };
    expect(lintOne(doc)).toContainEqual({ file: 'schemas/steps/copy.json', field: 'race', reason: 'unknown dictionary category "Ethnicity"' });
  });
  it('catches a rule naming an unknown field', () => {
    const doc = copyOf('work');
    field(doc, 'industryOther').visibleWhen = { field: 'sector', eq: 999 };
    expect(lintOne(doc)).toContainEqual({ file: 'schemas/steps/copy.json', field: 'industryOther', reason: 'a rule names the unknown field "sector"' });
  });
  it('catches a validation rule naming an unknown field', () => {
    const doc = copyOf('contact');
    field(doc, 'mobile').rules = [{ rule: 'mobile', areaCodeField: 'dialCode', min: 7, max: 12 }];
    expect(lintOne(doc)).toContainEqual({ file: 'schemas/steps/copy.json', field: 'mobile', reason: 'a rule names the unknown field "dialCode"' });
  });
  it.each(['en', 'zh-HK', 'zh-CN'])('catches a translation key missing in %s', (lang) => {
    const locales = loadLocales();
    const field = (locales[lang].field as Record<string, Record<string, Record<string, string>>>).contact.email;
    delete field.label;
    expect(lintOne(copyOf('contact'), { locales })).toEqual([{ file: 'schemas/steps/copy.json', field: 'email', reason: `translation key "field.contact.email.label" is missing in ${lang}` }]);
  });
  it('catches a label key that exists in no language', () => {
    const doc = copyOf('contact');
    field(doc, 'email').placeholderKey = 'field.contact.email.typo';
    expect(lintOne(doc).map((p) => p.reason)).toEqual(['en', 'zh-HK', 'zh-CN'].map((lang) => `translation key "field.contact.email.typo" is missing in ${lang}`));
  });
  it('catches a duplicate id', () => {
    const doc = copyOf('contact');
    field(doc, 'username').id = 'email';
    expect(lintOne(doc)).toContainEqual({ file: 'schemas/steps/copy.json', field: 'email', reason: 'duplicate id' });
  });
  it('catches visibility rules that form a cycle', () => {
    const doc = copyOf('tax');
    field(doc, 'taxResidentOutside').visibleWhen = { field: 'hasTin', eq: true };
    expect(lintOne(doc)).toContainEqual(expect.objectContaining({ reason: expect.stringContaining('cycle') }));
  });
  it('catches a document that does not match the meta-schema', () => {
    const doc = copyOf('contact');
    delete (doc as Record<string, unknown>).titleKey;
    expect(lintOne(doc)).toContainEqual(expect.objectContaining({ reason: expect.stringContaining("must have required property 'titleKey'") }));
  });
});

describe('what the lint passes, a publish can build', () => {
  it('a range with its ends the wrong way round is a problem naming the field and the rule', async () => {
    const { lintSteps } = await import('../src/lint.ts');
    const { loadDictionaries, loadLocales, loadMetaSchema, loadStepSchemas } = await import('../src/node/load.ts');
    const personal = structuredClone(loadStepSchemas().find((s) => s.id === 'personal')!);
    const passport = personal.fields.flatMap(function all(f): typeof personal.fields { return [f, ...('children' in f ? f.children.flatMap(all) : [])]; }).find((f) => f.id === 'passportNumber') as { rules: Record<string, unknown>[] };
    passport.rules = passport.rules.map((r) => (r.rule === 'passport' ? { rule: 'passport', min: 9, max: 2 } : r));
    const problems = lintSteps({ steps: [{ file: 'personal.json', document: personal }], dictionaries: loadDictionaries(), locales: loadLocales(), metaSchema: loadMetaSchema('step') });
    expect(problems).toContainEqual({ file: 'personal.json', field: 'passportNumber', reason: 'rule "passport": min (9) is more than max (2)' });
  });

  it('the compile check builds the validator and runs it on samples: a step that ajv cannot build is a problem, not a crash', async () => {
    const { compileProblems } = await import('../src/node/compile-check.ts');
    const { loadDictionaries, loadStepSchemas } = await import('../src/node/load.ts');
    const dictionaries = loadDictionaries();
    for (const step of loadStepSchemas()) expect(compileProblems(`${step.id}.json`, step, dictionaries)).toEqual([]);
    const personal = structuredClone(loadStepSchemas().find((s) => s.id === 'personal')!);
    const passport = personal.fields.flatMap(function all(f): typeof personal.fields { return [f, ...('children' in f ? f.children.flatMap(all) : [])]; }).find((f) => f.id === 'passportNumber') as { rules: Record<string, unknown>[] };
    passport.rules = passport.rules.map((r) => (r.rule === 'passport' ? { rule: 'passport', min: 9, max: 2 } : r));
    expect(compileProblems('personal.json', personal, dictionaries)).toEqual([{ file: 'personal.json', reason: expect.stringMatching(/^the step does not compile to a validator: .*numbers out of order/) }]);
  });
});
