// The studio's JSON editor reads its text with positions: the lint's problems are marked where they
// are, and completion offers what the meta-schema allows at the cursor.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StepSchema } from '@kh/engine';
import { completionsAt, problemRanges, syntaxError } from '../src/studio/json-document.ts';

const root = resolve(import.meta.dirname, '../../..');
const metaSchema = JSON.parse(readFileSync(resolve(root, 'schemas/meta/step.schema.json'), 'utf8'));
const contactText = readFileSync(resolve(root, 'schemas/steps/contact.json'), 'utf8');
const contact = JSON.parse(contactText) as StepSchema;

describe('problem ranges', () => {
  it('marks a meta-schema problem at its pointer, a field problem at the field id, and anything else at the start', () => {
    const [atPointer, atField, general] = problemRanges(contactText, contact, [
      { file: 'contact.json', pointer: '/fields/2/kind', reason: 'bad kind' },
      { file: 'contact.json', field: 'email', reason: 'missing text' },
      { file: 'contact.json', reason: 'step-wide' },
    ]);
    expect(contactText.slice(atPointer!.from, atPointer!.to)).toBe(JSON.stringify(contact.fields[2]!.kind));
    expect(contactText.slice(atField!.from, atField!.to)).toBe('"email"');
    // The id line of the email field, not the first "email" in the text.
    expect(contactText.lastIndexOf('"id"', atField!.from)).toBeGreaterThan(contactText.indexOf('"fields"'));
    expect(general).toMatchObject({ from: 0, to: 1 });
  });
  it('points a problem about a missing property at the object that lacks it', () => {
    const [missing, field] = problemRanges(contactText, contact, [
      { file: 'contact.json', pointer: '/fields/2/dataSource', reason: 'missing' },
      { file: 'contact.json', pointer: '/fields/2', reason: 'the field' },
    ]);
    expect(contactText.slice(missing!.from, missing!.to)).toBe('{');
    expect(missing!.from).toBe(field!.from);
    expect(missing!.from).toBeGreaterThan(contactText.indexOf('"fields"'));
  });
  it('finds a syntax error, and none in good JSON', () => {
    expect(syntaxError(contactText)).toBeUndefined();
    const broken = contactText.replace('"fields": [', '"fields": [,');
    expect(syntaxError(broken)!.from).toBe(broken.indexOf('[,') + 1);
  });
});

describe('completion from the meta-schema', () => {
  const at = (text: string, marker = '|') => completionsAt(text.replace(marker, ''), text.indexOf(marker), metaSchema, { dictionary: ['State', 'Occupation'] });
  it('offers a field its properties at a key, and the step its own at the top', () => {
    const field = at('{"fields": [{"id": "x", "kind": "Select", "|"}]}');
    expect(field!.options.map((o) => o.label)).toEqual(expect.arrayContaining(['dataKey', 'valueType', 'dataSource', 'visibleWhen', 'rules', 'labelKey']));
    const step = at('{"|"}');
    expect(step!.options.map((o) => o.label)).toEqual(expect.arrayContaining(['id', 'stepCode', 'titleKey', 'payload', 'fields']));
    expect(step!.options.map((o) => o.label)).not.toContain('dataKey');
  });
  it("offers a property's values: the kinds, the value types, a rule's names, and the dictionaries it is told of", () => {
    expect(at('{"fields": [{"kind": |}]}')!.options.map((o) => o.apply)).toEqual(expect.arrayContaining(['"Select"', '"Input"', '"CardGroup"']));
    expect(at('{"fields": [{"kind": "Input", "valueType": |}]}')!.options.map((o) => o.label)).toEqual(['string', 'number', 'boolean', 'stringList']);
    expect(at('{"fields": [{"kind": "Input", "rules": [{"rule": |}]}]}')!.options.map((o) => o.label)).toEqual(expect.arrayContaining(['required', 'maxLength', 'mobile']));
    expect(at('{"fields": [{"kind": "Select", "dataSource": {"dictionary": "S|"}}]}')).toMatchObject({ options: expect.arrayContaining([expect.objectContaining({ apply: '"State"' })]) });
  });
  it('offers nothing where the meta-schema says nothing', () => {
    expect(at('{"titleKey": |}')).toBeUndefined();
  });
});
