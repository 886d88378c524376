// Versions of a step as the schema studio makes them: a document and the texts it brings (flat
// translation keys per language). What a reviewer sees before publishing is `diffStepVersions`;
// what the server refuses to publish without a stated migration is `droppedPayloadKeys`.
import { payloadPaths } from './payload-types.ts';
import { walkFields, type Field, type StepSchema } from './step-schema.ts';

export const STUDIO_LANGUAGES = ['en', 'zh-HK', 'zh-CN'] as const;
export type StudioLanguage = (typeof STUDIO_LANGUAGES)[number];

/** { en: { 'field.work.branch.label': 'Preferred branch' }, 'zh-HK': {…}, 'zh-CN': {…} } */
export type StepTranslations = Partial<Record<StudioLanguage, Record<string, string>>>;

export interface FieldChange {
  id: string;
  change: 'added' | 'removed' | 'changed' | 'moved';
  /** For a changed field: the properties that differ (kind, dataKey, rules, visibleWhen…). */
  properties?: string[];
  /** For a changed field: each differing property before and after (absent: not given). */
  values?: Record<string, { before?: unknown; after?: unknown }>;
}

export interface TranslationChange {
  language: StudioLanguage;
  key: string;
  before?: string;
  after?: string;
}

export interface StepVersionDiff {
  fields: FieldChange[];
  /** Step-level properties that differ (titleKey, descriptionKey). */
  step: string[];
  payload: { added: string[]; removed: string[] };
  translations: TranslationChange[];
}

/** Equal as JSON values, whatever the order of their keys. */
function same(a: unknown, b: unknown): boolean {
  if (a === b || (a == null && b == null)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Each field by id with its own properties (a container without its children, which are fields of their own). */
function fieldsById(step: StepSchema): Map<string, { own: Record<string, unknown>; parent: string | null; index: number }> {
  const byId = new Map<string, { own: Record<string, unknown>; parent: string | null; index: number }>();
  const visit = (fields: Field[], parent: string | null) =>
    fields.forEach((field, index) => {
      const { children, ...own } = field as Field & { children?: Field[] };
      byId.set(field.id, { own, parent, index });
      if (children) visit(children, field.id);
    });
  visit(step.fields, null);
  return byId;
}

/**
 * The fields that moved among their siblings: those outside the longest run kept in the old order,
 * so adding or removing one field does not count every field after it as moved.
 */
function movedAmongSiblings(was: ReturnType<typeof fieldsById>, now: ReturnType<typeof fieldsById>): Set<string> {
  const moved = new Set<string>();
  const byParent = new Map<string | null, { id: string; index: number; oldIndex: number }[]>();
  for (const [id, current] of now) {
    const old = was.get(id);
    if (!old) continue;
    if (old.parent !== current.parent) moved.add(id);
    else byParent.set(current.parent, [...(byParent.get(current.parent) ?? []), { id, index: current.index, oldIndex: old.index }]);
  }
  for (const siblings of byParent.values()) {
    const order = siblings.sort((a, b) => a.index - b.index);
    // Longest increasing subsequence of the old indexes (quadratic: a step has tens of fields).
    const length = order.map(() => 1);
    const previous = order.map(() => -1);
    order.forEach((item, i) => {
      for (let j = 0; j < i; j++)
        if (order[j]!.oldIndex < item.oldIndex && length[j]! + 1 > length[i]!) {
          length[i] = length[j]! + 1;
          previous[i] = j;
        }
    });
    const kept = new Set<number>();
    for (let i = length.indexOf(Math.max(0, ...length)); i >= 0; i = previous[i]!) kept.add(i);
    order.forEach((item, i) => !kept.has(i) && moved.add(item.id));
  }
  return moved;
}

/**
 * What one version changes from another. `shipped` gives a key's shipped text: a version's text equal
 * to it changes nothing (a text renamed there and back is no change).
 */
export function diffStepVersions(
  before: { document: StepSchema; translations?: StepTranslations },
  after: { document: StepSchema; translations?: StepTranslations },
  shipped: (language: StudioLanguage, key: string) => string | undefined = () => undefined,
): StepVersionDiff {
  const was = fieldsById(before.document);
  const now = fieldsById(after.document);
  const fields: FieldChange[] = [];
  const moved = movedAmongSiblings(was, now);
  for (const { field } of walkFields(after.document.fields)) {
    const old = was.get(field.id);
    const current = now.get(field.id)!;
    if (!old) {
      fields.push({ id: field.id, change: 'added' });
      continue;
    }
    const keys = [...new Set([...Object.keys(old.own), ...Object.keys(current.own)])];
    const properties = keys.filter((key) => !same(old.own[key], current.own[key]));
    if (properties.length > 0)
      fields.push({ id: field.id, change: 'changed', properties, values: Object.fromEntries(properties.map((key) => [key, { ...(key in old.own ? { before: old.own[key] } : {}), ...(key in current.own ? { after: current.own[key] } : {}) }])) });
    else if (moved.has(field.id)) fields.push({ id: field.id, change: 'moved' });
  }
  for (const { field } of walkFields(before.document.fields)) if (!now.has(field.id)) fields.push({ id: field.id, change: 'removed' });

  const step = (['titleKey', 'descriptionKey', 'stepCode'] as const).filter((key) => !same(before.document[key], after.document[key]));
  const oldPaths = new Set(payloadPaths(before.document.payload ?? {}));
  const newPaths = new Set(payloadPaths(after.document.payload ?? {}));
  const payload = { added: [...newPaths].filter((p) => !oldPaths.has(p)), removed: [...oldPaths].filter((p) => !newPaths.has(p)) };

  const translations: TranslationChange[] = [];
  for (const language of STUDIO_LANGUAGES) {
    const a = before.translations?.[language] ?? {};
    const b = after.translations?.[language] ?? {};
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const was = a[key] ?? shipped(language, key);
      const is = b[key] ?? shipped(language, key);
      if (was !== is) translations.push({ language, key, ...(was !== undefined ? { before: was } : {}), ...(is !== undefined ? { after: is } : {}) });
    }
  }
  return { fields, step, payload, translations };
}

/** The payload paths the old version declares and the new one does not: open applications may hold them. */
export const droppedPayloadKeys = (before: StepSchema, after: StepSchema): string[] => diffStepVersions({ document: before }, { document: after }).payload.removed;

/** Nested locale messages with a version's flat keys laid over them (the lint and the server's messages read these). */
export function withTranslations(locales: Record<string, Record<string, unknown>>, translations: StepTranslations | undefined): Record<string, Record<string, unknown>> {
  if (!translations) return locales;
  const merged: Record<string, Record<string, unknown>> = structuredClone(locales);
  for (const [language, texts] of Object.entries(translations)) {
    for (const [key, text] of Object.entries(texts ?? {})) {
      const path = key.split('.');
      let node = (merged[language] ??= {});
      for (const part of path.slice(0, -1)) {
        if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
      node[path[path.length - 1]] = text;
    }
  }
  return merged;
}

/** A step document as schemas/steps/<id>.json keeps it: the meta-schema reference first, two-space JSON. */
export function stepFileText(document: StepSchema): string {
  const { $schema: _ignored, ...rest } = document as StepSchema & { $schema?: string };
  return `${JSON.stringify({ $schema: '../meta/step.schema.json', ...rest }, null, 2)}\n`;
}
