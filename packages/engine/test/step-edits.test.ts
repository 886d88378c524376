// The studio's field tree edits: each returns a new document (the old one untouched), keeps ids
// unique, and what it makes passes the same lint as `pnpm schemas:lint` once texts are given.
import { describe, expect, it } from 'vitest';
import { lintSteps } from '../src/lint.ts';
import { loadLocales, loadMetaSchema, loadStepSchemas } from '../src/node/load.ts';
import { declarePayloadKey, dependentsOfField, duplicateField, hasDependents, fieldAt, fieldIds, freshId, insertField, moveField, newField, pathOfField, removeField, renameField, updateField } from '../src/step-edits.ts';
import { withTranslations } from '../src/step-versions.ts';
import { valueFieldsOf, type StepSchema } from '../src/step-schema.ts';
import { dictionaries } from './helpers.ts';

const stepNamed = (id: string): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === id)!);
const contact = () => stepNamed('contact');
const lint = (document: StepSchema, translations = {}) =>
  lintSteps({ steps: [{ file: 'contact.json', document }], dictionaries, locales: withTranslations(loadLocales(), translations), metaSchema: loadMetaSchema('step') });
const idsAt = (document: StepSchema, parent: number[] = []) => (parent.length ? ((fieldAt(document, parent) as { children: { id: string }[] }).children ?? []) : document.fields).map((f) => f.id);

describe('step edits', () => {
  it('gives an edited document its own value fields, though the one it was made from has walked its own already', () => {
    const before = contact();
    const fields = valueFieldsOf(before);
    expect(valueFieldsOf(before)).toBe(fields);
    // Walked once: the list cannot be changed by whoever reads it.
    expect(() => (fields as unknown[]).pop()).toThrow(TypeError);
    const after = insertField(before, [], newField(before, 'Input'));
    expect(valueFieldsOf(after).map((f) => f.id)).toEqual([...fields.map((f) => f.id), 'newInput']);
    expect(valueFieldsOf(removeField(after, [after.fields.length - 1])).map((f) => f.id)).toEqual(fields.map((f) => f.id));
  });

  it('adds a new field at the end (or an index), leaving the given document as it was', () => {
    const before = contact();
    const frozen = JSON.stringify(before);
    const field = newField(before, 'Select');
    expect(field).toMatchObject({ id: 'newSelect', kind: 'Select', valueType: 'string', dataKey: 'newSelect', labelKey: 'field.contact.newSelect.label' });
    const after = insertField(before, [], field);
    expect(JSON.stringify(before)).toBe(frozen);
    expect(idsAt(after).at(-1)).toBe('newSelect');
    expect(idsAt(insertField(before, [], field, 0))[0]).toBe('newSelect');
    // A second new field of the kind draws the next free id.
    expect(newField(after, 'Select').id).toBe('newSelect2');
  });

  it('a new value field needs only its payload key and texts to pass the lint', () => {
    const document = insertField(contact(), [], newField(contact(), 'Input'));
    expect(lint(document).map((p) => p.reason)).toEqual(expect.arrayContaining([expect.stringContaining('"newInput" is not declared')]));
    (document.payload as Record<string, unknown>).newInput = 'string';
    const texts = { 'field.contact.newInput.label': 'New' };
    expect(lint(document, { en: texts, 'zh-HK': texts, 'zh-CN': texts })).toEqual([]);
  });

  it('moves a field among its siblings and stays put at either end', () => {
    const before = contact();
    const ids = idsAt(before);
    expect(idsAt(moveField(before, [1], -1))).toEqual([ids[1], ids[0], ...ids.slice(2)]);
    expect(idsAt(moveField(before, [0], 1)).slice(0, 2)).toEqual([ids[1], ids[0]]);
    expect(moveField(before, [0], -1)).toBe(before);
    expect(moveField(before, [ids.length - 1], 1)).toBe(before);
  });

  it('duplicates a field (a container with its children) right after it, every id fresh', () => {
    const before = stepNamed('work');
    const containerIndex = before.fields.findIndex((f) => 'children' in f && (f as { children: unknown[] }).children.length > 0);
    expect(containerIndex).toBeGreaterThanOrEqual(0);
    const after = duplicateField(before, [containerIndex]);
    const copy = fieldAt(after, [containerIndex + 1]) as { id: string; children: { id: string }[] };
    expect(copy.id).toBe(`${before.fields[containerIndex]!.id}Copy`);
    expect(copy.children.map((c) => c.id)).toEqual(idsAt(before, [containerIndex]).map((id) => `${id}Copy`));
    const all = [...fieldIds(after)];
    expect(new Set(all).size).toBe(all.length);
    // Twice: the second copy draws the next free ids.
    expect(fieldAt(duplicateField(after, [containerIndex]), [containerIndex + 1])!.id).toBe(`${before.fields[containerIndex]!.id}Copy2`);
  });

  it('removes a field, nested or not, and finds a field by id for the lint', () => {
    const before = contact();
    const path = pathOfField(before, 'email')!;
    expect(fieldAt(before, path)!.id).toBe('email');
    const after = removeField(before, path);
    expect(pathOfField(after, 'email')).toBeUndefined();
    expect(fieldIds(after).size).toBe(fieldIds(before).size - 1);
    expect(pathOfField(before, 'nothing')).toBeUndefined();
  });

  it('changes and removes properties of one field', () => {
    const before = contact();
    const path = pathOfField(before, 'email')!;
    const after = updateField(before, path, { visibleWhen: { context: 'nationality', eq: 'MY' }, helpKey: undefined });
    expect(fieldAt(after, path)).toMatchObject({ id: 'email', visibleWhen: { context: 'nationality', eq: 'MY' } });
    expect(fieldAt(after, path)).not.toHaveProperty('helpKey');
    expect(fieldAt(before, path)).not.toHaveProperty('visibleWhen');
    expect(() => updateField(before, [999], { id: 'x' })).toThrow(RangeError);
  });

  it('declares a plain dataKey in the payload, nested or not, and never over what is there', () => {
    const before = contact();
    const declared = declarePayloadKey(before, 'branch.code', 'string')!;
    expect((declared.payload as Record<string, unknown>).branch).toEqual({ code: 'string' });
    expect(before.payload).not.toHaveProperty('branch');
    expect(declarePayloadKey(declared, 'branch.code', 'number')).toBeUndefined();
    expect(declarePayloadKey(before, 'mobile.x', 'string')).toBeUndefined();
    expect(declarePayloadKey(before, 'list[type=1].x', 'string')).toBeUndefined();
  });

  it('draws fresh ids from a set it is given', () => {
    expect(freshId(new Set(['a', 'a2']), 'a')).toBe('a3');
    expect(freshId(new Set(), 'a')).toBe('a');
  });

  it('renaming a field keeps its data key, which the API and the back office receive, unless the editor asks', () => {
    const before = contact();
    const kept = renameField(before, pathOfField(before, 'agentChoice')!, 'introducer')!;
    expect(fieldAt(kept.document, pathOfField(kept.document, 'introducer')!)).toMatchObject({ labelKey: 'field.contact.introducer.label', dataKey: 'agentChoice' });
    expect(kept.dataKey).toBeUndefined();
    expect(kept.document.payload).toEqual(before.payload);
  });

  it('renaming a field, its data key too when asked, carries its text keys, the dataKey with its declaration, and the rules that read it', () => {
    const before = contact();
    const frozen = JSON.stringify(before);
    const renamed = renameField(before, pathOfField(before, 'agentChoice')!, 'introducer', { carryDataKey: true })!;
    expect(JSON.stringify(before)).toBe(frozen);
    const field = fieldAt(renamed.document, pathOfField(renamed.document, 'introducer')!) as unknown as Record<string, unknown>;
    expect(field).toMatchObject({ labelKey: 'field.contact.introducer.label', dataKey: 'introducer' });
    expect(renamed.textKeys).toContainEqual(['field.contact.agentChoice.label', 'field.contact.introducer.label']);
    // Option texts shared by the step (option.contact.self) do not name the field, and stay.
    expect(renamed.textKeys.map(([from]) => from)).not.toContain('option.contact.self');
    expect(renamed.dataKey).toEqual(['agentChoice', 'introducer']);
    expect(renamed.document.payload).toMatchObject({ introducer: 'number' });
    expect(renamed.document.payload).not.toHaveProperty('agentChoice');
    // drCode shows when agentChoice is 2: it now reads the renamed field.
    expect(fieldAt(renamed.document, pathOfField(renamed.document, 'drCode')!)!.visibleWhen).toEqual({ field: 'introducer', eq: 2 });
    // With the texts moved to the new key, the renamed step passes the lint as the old one did.
    const texts = Object.fromEntries(renamed.textKeys.map(([, to]) => [to, 'Introducer']));
    expect(lint(renamed.document, { en: texts, 'zh-HK': texts, 'zh-CN': texts })).toEqual([]);
  });

  it('a dataKey named otherwise stays with the data; a taken or malformed id is refused', () => {
    const before = contact();
    const nationality = renameField(before, pathOfField(before, 'nationality')!, 'citizenship', { carryDataKey: true })!;
    expect(nationality.dataKey).toBeUndefined();
    expect(fieldAt(nationality.document, pathOfField(nationality.document, 'citizenship')!)).toMatchObject({ dataKey: 'nationalityCode' });
    expect(renameField(before, pathOfField(before, 'email')!, 'mobile')).toBeUndefined();
    expect(renameField(before, pathOfField(before, 'email')!, 'e-mail')).toBeUndefined();
    expect(renameField(before, pathOfField(before, 'email')!, '')).toBeUndefined();
    expect(renameField(before, pathOfField(before, 'email')!, 'email')!.document).toBe(before);
  });
  it('says what depends on a field before it goes: the columns it is copied to, uniqueness, the identity lock, the rules reading it', () => {
    const step = contact();
    const email = dependentsOfField(step, pathOfField(step, 'email')!);
    expect(email).toMatchObject({ columns: ['email'], unique: true, dataKey: 'email' });
    expect(hasDependents(email)).toBe(true);
    // The dealer code shows when agentChoice is 2.
    expect(dependentsOfField(step, pathOfField(step, 'agentChoice')!).readBy).toContain('drCode');
    const personal = stepNamed('personal');
    expect(dependentsOfField(personal, pathOfField(personal, 'nricNumber')!)).toMatchObject({ verifiedBy: 'documentNumber' });
    // The introduction header: nothing depends on it.
    expect(hasDependents(dependentsOfField(step, pathOfField(step, 'intro')!))).toBe(false);
  });
});
