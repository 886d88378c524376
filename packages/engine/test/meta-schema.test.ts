// The meta-schema (what editors complete and check) and the TypeScript types describe one language.
import { describe, expect, it } from 'vitest';
import { CLEANERS, CONTEXT_KEYS, CUSTOM_WIDGETS, FIELD_KINDS, VALUE_TYPES, VERIFIED_IDENTITY_KEYS, ruleParts } from '../src/index.ts';
import { loadDictionaryFiles, loadMetaSchema, loadStepFiles } from '../src/node/load.ts';
import { basename } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document read for its shape
const meta = loadMetaSchema('step') as { definitions: Record<string, any> };
const valueProps = meta.definitions.field.allOf[3].then.properties;

describe('schemas/meta/step.schema.json matches the TypeScript types', () => {
  it('field kinds (SPEC §3)', () => expect(meta.definitions.field.properties.kind.enum).toEqual([...FIELD_KINDS]));
  it('value types', () => expect(valueProps.valueType.enum).toEqual([...VALUE_TYPES]));
  it('widgets and cleaners', () => {
    expect(valueProps.widget.enum).toEqual([...CUSTOM_WIDGETS]);
    expect(valueProps.cleaner.enum).toEqual([...CLEANERS]);
  });
  it('verified identity facts', () => expect(valueProps.verifiedBy.enum).toEqual([...VERIFIED_IDENTITY_KEYS]));
  it('context keys', () => expect(meta.definitions.contextKey.enum).toEqual([...CONTEXT_KEYS]));
  it('named validation rules', () => {
    const named = meta.definitions.validationRule.oneOf.flatMap((variant: { properties: { rule: { enum?: string[]; const?: string } } }) => variant.properties.rule.enum ?? [variant.properties.rule.const]);
    expect([...named].sort()).toEqual(Object.keys(ruleParts).sort());
  });
});

describe('every schema file names its meta-schema and its own id', () => {
  it.each(loadStepFiles().map((f) => [basename(f.file), f.document] as const))('%s', (file, document) => {
    expect(document.$schema).toBe('../meta/step.schema.json');
    expect(`${document.id}.json`).toBe(file);
  });
  it.each(loadDictionaryFiles().map((f) => [basename(f.file), f.document] as const))('dictionary %s', (file, document) => {
    expect(`${document.category}.json`).toBe(file);
    expect(new Set(document.entries.map((e) => e.value)).size).toBe(document.entries.length);
  });
});
