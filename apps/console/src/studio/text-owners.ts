// Whose each text of a step is: a field's (its label, hint, placeholder, or one of its choices), the
// step's own, or a shared message; and which other steps use the same key, so that an editor knows
// that changing it there changes them too. Pure: the translation table says it beside each text.
import { walkFields, type StepSchema } from '@kh/engine';
import { translationKeysOfStep } from '@kh/engine/lint';

export type TextOwner =
  | { kind: 'field'; fieldId: string; part: 'label' | 'help' | 'placeholder' | 'other' }
  | { kind: 'option'; fieldId: string; value: string }
  | { kind: 'step' }
  | { kind: 'shared' };

/** Every text key a document names (any "…Key" but the data key), wherever it is. */
export function keysOf(document: unknown): Set<string> {
  const keys = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [name, value] of Object.entries(node as Record<string, unknown>)) {
      if (name.endsWith('Key') && name !== 'dataKey' && typeof value === 'string') keys.add(value);
      else walk(value);
    }
  };
  walk(document);
  return keys;
}

export function textOwner(document: StepSchema, key: string): TextOwner {
  if (key === document.titleKey || key === document.descriptionKey) return { kind: 'step' };
  for (const { field } of walkFields(document.fields)) {
    const record = field as unknown as Record<string, unknown>;
    if (record.labelKey === key) return { kind: 'field', fieldId: field.id, part: 'label' };
    if (record.helpKey === key) return { kind: 'field', fieldId: field.id, part: 'help' };
    if (record.placeholderKey === key) return { kind: 'field', fieldId: field.id, part: 'placeholder' };
    const options = (record.dataSource as { options?: { value: unknown; labelKey?: string }[] } | undefined)?.options;
    const option = options?.find((o) => o.labelKey === key);
    if (option) return { kind: 'option', fieldId: field.id, value: String(option.value) };
    if (keysOf(field).has(key) && !('children' in field)) return { kind: 'field', fieldId: field.id, part: 'other' };
  }
  return { kind: 'shared' };
}

const keysByStep = new WeakMap<StepSchema, Set<string>>();
/** Every text a step shows, its rules' messages included (the lint's own list), read once per document. */
const textsOfStep = (document: StepSchema) => keysByStep.get(document) ?? keysByStep.set(document, new Set(translationKeysOfStep(document))).get(document)!;

/** The other steps (by id) whose documents show the text: a change to it changes them too. */
export function otherStepsUsing(key: string, stepId: string, documents: Record<string, StepSchema>): string[] {
  return Object.values(documents)
    .filter((document) => document.id !== stepId && textsOfStep(document).has(key))
    .map((document) => document.id);
}
