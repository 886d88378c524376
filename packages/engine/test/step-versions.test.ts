// Step versions: the diff a reviewer reads before publishing, the payload keys a version drops,
// translations laid over the locales, and the validator code the server generates at publish time.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/compile.ts';
import { diffStepVersions, droppedPayloadKeys, withTranslations } from '../src/step-versions.ts';
import { translationKeysOfStep } from '../src/lint.ts';
import { loadStepSchemas } from '../src/node/load.ts';
import { validatorOfModule, type ValidatorModule } from '../src/validator-runtime.ts';
import { schemaKey } from '../src/validators.ts';
import { VALIDATOR_RUNTIME_MODULES, validatorCode, validatorFromCode, validatorModule } from '../src/node/validator-code.ts';
import { validateStep } from '../src/validate.ts';
import { walkFields, type Field, type StepSchema, type ValueField } from '../src/step-schema.ts';
import { dictionaries } from './helpers.ts';

const work = (): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === 'work')!);
const branch: ValueField = { id: 'branch', kind: 'Select', valueType: 'number', dataKey: 'branch', labelKey: 'field.work.branch.label', dataSource: { options: [{ value: 1, labelKey: 'option.branch.kl' }, { value: 2, labelKey: 'option.branch.penang' }] }, rules: [{ rule: 'required' }] } as ValueField;

const fieldOf = (step: StepSchema, id: string) => walkFields(step.fields).find((e) => e.field.id === id)!.field;
function removeField(step: StepSchema, id: string) {
  const within = (fields: Field[]): boolean => {
    const index = fields.findIndex((f) => f.id === id);
    if (index >= 0) return fields.splice(index, 1).length === 1;
    return fields.some((f) => 'children' in f && within(f.children));
  };
  expect(within(step.fields)).toBe(true);
}

describe('diffStepVersions', () => {
  it('counts as moved only the fields taken out of order, not every field a new one pushed down', () => {
    const before = work();
    const inserted = work();
    inserted.fields.unshift(branch);
    expect(diffStepVersions({ document: before }, { document: inserted }).fields).toEqual([{ id: 'branch', change: 'added' }]);
    const reordered = work();
    reordered.fields.push(reordered.fields.shift()!);
    expect(diffStepVersions({ document: before }, { document: reordered }).fields).toEqual([{ id: before.fields[0]!.id, change: 'moved' }]);
    // Into another container: moved, whatever its index.
    const rehomed = work();
    const top = rehomed.fields.findIndex((f) => !('children' in f));
    const container = rehomed.fields.find((f) => 'children' in f) as { children: Field[] };
    container.children.unshift(rehomed.fields.splice(top, 1)[0]!);
    expect(diffStepVersions({ document: before }, { document: rehomed }).fields).toEqual([{ id: before.fields[top]!.id, change: 'moved' }]);
  });
  it('names added, removed, changed and moved fields, payload keys and texts', () => {
    const before = work();
    const after = work();
    after.fields.push(branch);
    (after.payload as Record<string, unknown>).branch = 'number';
    removeField(after, 'companyName');
    delete (after.payload as Record<string, unknown>).companyName;
    (fieldOf(after, 'annualIncome') as ValueField).visibleWhen = { field: 'employmentStatus', in: [1] };
    const diff = diffStepVersions({ document: before, translations: { en: { 'field.work.x': 'Old' } } }, { document: after, translations: { en: { 'field.work.x': 'New', 'field.work.branch.label': 'Preferred branch' } } });
    expect(diff.fields).toContainEqual({ id: 'branch', change: 'added' });
    expect(diff.fields).toContainEqual({ id: 'companyName', change: 'removed' });
    // Before → after, for the words of the changes tab.
    const was = (fieldOf(before, 'annualIncome') as ValueField).visibleWhen;
    expect(diff.fields).toContainEqual({ id: 'annualIncome', change: 'changed', properties: ['visibleWhen'], values: { visibleWhen: { ...(was ? { before: was } : {}), after: { field: 'employmentStatus', in: [1] } } } });
    expect(diff.payload).toEqual({ added: ['branch'], removed: ['companyName'] });
    expect(diff.translations).toEqual([
      { language: 'en', key: 'field.work.branch.label', after: 'Preferred branch' },
      { language: 'en', key: 'field.work.x', before: 'Old', after: 'New' },
    ]);
  });
  it('a text given the shipped text again is no change (renamed there and back)', () => {
    const shipped = (language: string, key: string) => (key === 'field.work.employmentStatus.label' && language === 'en' ? 'Employment status' : undefined);
    const diff = diffStepVersions({ document: work(), translations: {} }, { document: work(), translations: { en: { 'field.work.employmentStatus.label': 'Employment status', 'field.work.other': 'Other' } } }, shipped);
    expect(diff.translations).toEqual([{ language: 'en', key: 'field.work.other', after: 'Other' }]);
  });
  it('finds nothing when only the order of keys differs (a database may keep them in its own order)', () => {
    const reordered = JSON.parse(JSON.stringify(work(), (_key, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value))) as StepSchema;
    expect(Object.keys(reordered)[0]).not.toBe(Object.keys(work())[0]);
    expect(diffStepVersions({ document: work() }, { document: reordered }).fields).toEqual([]);
  });
  it('finds nothing between a version and its copy', () => {
    expect(diffStepVersions({ document: work() }, { document: work() })).toEqual({ fields: [], step: [], payload: { added: [], removed: [] }, translations: [] });
  });
  it('drops the keys inside lists and objects by their path', () => {
    const personal = loadStepSchemas().find((s) => s.id === 'personal')!;
    const after = structuredClone(personal);
    delete (after.payload.addressList as unknown as [Record<string, unknown>])[0].city;
    expect(droppedPayloadKeys(personal, after)).toEqual(['addressList[].city']);
  });
});

describe('translations', () => {
  it('lays flat keys over nested locales without touching the originals', () => {
    const locales = { en: { field: { work: { a: 'A' } } } };
    const merged = withTranslations(locales, { en: { 'field.work.branch.label': 'Preferred branch' }, 'zh-HK': { 'field.work.branch.label': '首選分行' } });
    expect(merged.en).toEqual({ field: { work: { a: 'A', branch: { label: 'Preferred branch' } } } });
    expect((merged['zh-HK'].field as Record<string, Record<string, Record<string, string>>>).work.branch.label).toBe('首選分行');
    expect(locales.en.field.work).toEqual({ a: 'A' });
  });
  it('lists the keys a step uses, the new field with them', () => {
    const after = work();
    after.fields.push(branch);
    expect(translationKeysOfStep(after)).toEqual(expect.arrayContaining(['step.work.title', 'field.work.branch.label', 'validation.option']));
    expect(translationKeysOfStep(work())).not.toContain('field.work.branch.label');
  });
});

describe('validator code made at publish time', () => {
  const step = work();
  step.fields.push(branch);
  step.payload = { ...step.payload, branch: 'number' };
  const compiled = compile(step, { dictionaries });
  const code = validatorCode(compiled);

  it('validates in Node as the build-time validators do', () => {
    const validator = validatorFromCode(code);
    const missing = validateStep(compiled, { employmentStatus: 1 }, { validator });
    expect(missing).toContainEqual(expect.objectContaining({ field: 'branch', key: 'validation.requiredSelect' }));
    expect(validateStep(compiled, { branch: 2 }, { validator }).some((e) => e.field === 'branch')).toBe(false);
  });
  it('is served as an ES module that takes its runtime from the page', async () => {
    const source = validatorModule(code);
    expect(source).not.toMatch(/\brequire\(["'](?!ajv)/);
    const { default: validators } = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { default: (require: (name: string) => unknown) => Record<string, unknown> };
    const require = createRequire(import.meta.url);
    const asked: string[] = [];
    const fns = validators((name) => (asked.push(name), require(name)));
    // One function, the step's own, under its schema's key.
    expect(Object.keys(fns)).toEqual([schemaKey(compiled.jsonSchema)]);
    expect(typeof fns[schemaKey(compiled.jsonSchema)]).toBe('function');
    expect(asked.every((name) => (VALIDATOR_RUNTIME_MODULES as readonly string[]).includes(name))).toBe(true);
  });
  it('runs in the page with the runtime pieces the page hands it, giving the verdicts the server gives', async () => {
    const personal = loadStepSchemas().find((s) => s.id === 'personal')!;
    const compiledPersonal = compile(personal, { dictionaries });
    const source = validatorModule(validatorCode(compiledPersonal));
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as ValidatorModule;
    const inPage = validatorOfModule(module);
    const onServer = validatorFromCode(validatorCode(compiledPersonal));
    // Lengths (ucs2length), equality (equal) and formats are the runtime pieces; these answers reach all three.
    for (const data of [{ documentName: 'x'.repeat(200), birthDate: 'not a date' }, { documentName: 'TAN AH KOW', birthDate: '1990-01-01', sameAsRegistered: true }, {}]) {
      const page = validateStep(compiledPersonal, data, { validator: inPage });
      expect(page).toEqual(validateStep(compiledPersonal, data, { validator: onServer }));
    }
    expect(validateStep(compiledPersonal, { documentName: 'x'.repeat(200) }, { validator: inPage })).toContainEqual(expect.objectContaining({ field: 'documentName' }));
  });
});
