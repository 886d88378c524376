// The studio's structured edits of a step document: add, move, duplicate, remove and change a field.
// Pure: each takes a document and returns a new one, leaving the given one untouched, so the JSON
// text and the field tree stay two views of one value. A field is addressed by its path of indexes
// through `fields` and `children`.
import type { PayloadLeaf, PayloadShape } from './payload-types.ts';
import { CONTAINER_KINDS, DISPLAY_KINDS, isValueField, walkFields, type Field, type FieldKind, type StepSchema, type ValueField } from './step-schema.ts';

export type FieldPath = number[];

type Container = { fields?: Field[]; children?: Field[] };
const childrenOf = (node: Container): Field[] | undefined => ('fields' in node ? node.fields : node.children);

/** The list a path's last index points into, in a copy of the document made along the way. */
function listAt(document: StepSchema, parentPath: FieldPath): { copy: StepSchema; list: Field[] } {
  const copy = structuredClone(document);
  let list = copy.fields;
  for (const index of parentPath) {
    const field = list[index] as Field & { children?: Field[] };
    if (!field) throw new RangeError(`No field at ${parentPath.join('.')}`);
    field.children ??= [];
    list = field.children;
  }
  return { copy, list };
}

export function fieldAt(document: StepSchema, path: FieldPath): Field | undefined {
  let node: Container = document;
  let field: Field | undefined;
  for (const index of path) {
    field = childrenOf(node)?.[index];
    if (!field) return undefined;
    node = field as Container;
  }
  return field;
}

/** Every id the document uses, containers included. */
export function fieldIds(document: StepSchema): Set<string> {
  const ids = new Set<string>();
  const walk = (list: Field[] | undefined) =>
    list?.forEach((field) => {
      ids.add(field.id);
      walk((field as Container).children);
    });
  walk(document.fields);
  return ids;
}

/** `base`, or `base2`, `base3`… : the first id not taken yet (by the document, or in the given set). */
export function freshId(taken: StepSchema | Set<string>, base: string): string {
  const ids = taken instanceof Set ? taken : fieldIds(taken);
  if (!ids.has(base)) return base;
  let n = 2;
  while (ids.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

/** A new field of a kind with what the meta-schema requires of it, keys named after its id. */
export function newField(document: StepSchema, kind: FieldKind): Field {
  const id = freshId(document, `new${kind}`);
  const labelKey = `field.${document.id}.${id}.label`;
  if ((CONTAINER_KINDS as readonly string[]).includes(kind)) return { id, kind, labelKey, children: [] } as unknown as Field;
  if ((DISPLAY_KINDS as readonly string[]).includes(kind)) return { id, kind, labelKey } as Field;
  return { id, kind, labelKey, valueType: kind === 'Switch' || kind === 'CheckBox' ? 'boolean' : 'string', dataKey: id } as Field;
}

/** Inserts a field into the list under `parentPath` (the step's own fields for []) at `index` (the end by default). */
export function insertField(document: StepSchema, parentPath: FieldPath, field: Field, index?: number): StepSchema {
  const { copy, list } = listAt(document, parentPath);
  list.splice(index ?? list.length, 0, structuredClone(field));
  return copy;
}

export function removeField(document: StepSchema, path: FieldPath): StepSchema {
  const { copy, list } = listAt(document, path.slice(0, -1));
  list.splice(path.at(-1)!, 1);
  return copy;
}

/** Moves a field up (-1) or down (+1) among its siblings; at either end it stays. */
export function moveField(document: StepSchema, path: FieldPath, by: -1 | 1): StepSchema {
  const { copy, list } = listAt(document, path.slice(0, -1));
  const from = path.at(-1)!;
  const to = from + by;
  if (to < 0 || to >= list.length) return document;
  const [field] = list.splice(from, 1);
  list.splice(to, 0, field!);
  return copy;
}

/** A copy of the field right after it, with fresh ids (its children's too) so the lint stays clean. */
export function duplicateField(document: StepSchema, path: FieldPath): StepSchema {
  const original = fieldAt(document, path);
  if (!original) return document;
  const taken = fieldIds(document);
  const renamed = structuredClone(original);
  const rename = (field: Field) => {
    field.id = freshId(taken, `${field.id}Copy`);
    taken.add(field.id);
    (field as Container).children?.forEach(rename);
  };
  rename(renamed);
  return insertField(document, path.slice(0, -1), renamed, path.at(-1)! + 1);
}

/** Sets (or, with undefined, removes) properties of one field. */
export function updateField(document: StepSchema, path: FieldPath, changes: Record<string, unknown>): StepSchema {
  const { copy, list } = listAt(document, path.slice(0, -1));
  const field = list[path.at(-1)!] as unknown as Record<string, unknown> | undefined;
  if (!field) throw new RangeError(`No field at ${path.join('.')}`);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete field[key];
    else field[key] = value;
  }
  return copy;
}

/** The path of the field with an id, for the lint's problems (which name fields by id). */
export function pathOfField(document: StepSchema, id: string): FieldPath | undefined {
  const find = (list: Field[] | undefined, prefix: FieldPath): FieldPath | undefined => {
    for (const [index, field] of (list ?? []).entries()) {
      if (field.id === id) return [...prefix, index];
      const inner = find((field as Container).children, [...prefix, index]);
      if (inner) return inner;
    }
    return undefined;
  };
  return find(document.fields, []);
}

/**
 * Declares a plain dataKey (`a` or `a.b`, no `[key=value]`) in the step's payload as the leaf type
 * its field gives, so a new field is one action; anything already declared there stays as it is.
 * Returns undefined for a key it cannot declare this way (the JSON is the place for those).
 */
export function declarePayloadKey(document: StepSchema, dataKey: string, leaf: PayloadLeaf): StepSchema | undefined {
  if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(dataKey)) return undefined;
  const copy = structuredClone(document);
  const parts = dataKey.split('.');
  let node = ((copy as { payload?: PayloadShape }).payload ??= {}) as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === undefined) node = node[part] = {};
    else if (typeof next === 'object' && !Array.isArray(next)) node = next as Record<string, unknown>;
    else return undefined;
  }
  const last = parts.at(-1)!;
  if (node[last] !== undefined) return undefined;
  node[last] = leaf;
  return copy;
}

/** What renaming a field carried with it, as [old, new] pairs. */
export interface FieldRename {
  document: StepSchema;
  /** Text keys that named the field by its id (its label, help, options…), now naming the new id. */
  textKeys: [string, string][];
  /** Its dataKey, when the editor chose to rename it too and its last segment was the id (a key named otherwise is the data's own name and stays). */
  dataKey?: [string, string];
}

const FIELD_ID = /^[A-Za-z_$][\w$]*$/;

/**
 * Renames a field and carries what was named after it: its text keys (`field.contact.email.label`
 * becomes `field.contact.mail.label`), a dataKey ending in its id (with the payload's declaration), and
 * every rule of the step that reads it (`{ field: 'email' }`). Undefined for an id that is taken or
 * is not an identifier: the caller says so rather than making a document the lint refuses.
 */
/**
 * A field renamed: its id, the text keys that name it, and the rules reading it. Its data key is
 * what the API, the back office and every stored answer know it by: it stays unless the editor asks
 * (`carryDataKey`) for it to follow the id.
 */
export function renameField(document: StepSchema, path: FieldPath, newId: string, { carryDataKey = false }: { carryDataKey?: boolean } = {}): FieldRename | undefined {
  const original = fieldAt(document, path);
  if (!original || !FIELD_ID.test(newId)) return undefined;
  const oldId = original.id;
  if (newId === oldId) return { document, textKeys: [] };
  if (fieldIds(document).has(newId)) return undefined;
  const copy = structuredClone(document);
  const field = fieldAt(copy, path) as unknown as Record<string, unknown>;
  field.id = newId;
  const textKeys: [string, string][] = [];
  const carry = (key: unknown): unknown => {
    if (typeof key !== 'string' || !key.split('.').includes(oldId)) return key;
    const renamed = key
      .split('.')
      .map((segment) => (segment === oldId ? newId : segment))
      .join('.');
    textKeys.push([key, renamed]);
    return renamed;
  };
  for (const [name, value] of Object.entries(field)) if (name.endsWith('Key') && name !== 'dataKey') field[name] = carry(value);
  const options = (field.dataSource as { options?: { labelKey?: string }[] } | undefined)?.options;
  options?.forEach((option) => (option.labelKey = carry(option.labelKey) as string | undefined));

  let dataKey: [string, string] | undefined;
  if (carryDataKey && typeof field.dataKey === 'string') {
    const segments = field.dataKey.split('.');
    if (segments.at(-1) === oldId) {
      const renamed = [...segments.slice(0, -1), newId].join('.');
      dataKey = [field.dataKey, renamed];
      field.dataKey = renamed;
      movePayloadLeaf(copy, segments, newId);
    }
  }
  // Rules anywhere in the step that read the field by id (visibility, validation, other fields' rules).
  const walk = (node: unknown, isField: boolean): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, isField));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (!isField && record.field === oldId) record.field = newId;
    for (const [name, value] of Object.entries(record)) walk(value, name === 'fields' || name === 'children');
  };
  walk(copy, false);
  return { document: copy, textKeys, dataKey };
}

/** Moves a declared leaf to its new last segment, if the old is declared and the new is free. */
function movePayloadLeaf(document: StepSchema, segments: string[], newLast: string): void {
  let node = (document as { payload?: PayloadShape }).payload as Record<string, unknown> | undefined;
  for (const part of segments.slice(0, -1)) {
    const next = node?.[part];
    node = next && typeof next === 'object' && !Array.isArray(next) ? (next as Record<string, unknown>) : undefined;
  }
  const last = segments.at(-1)!;
  if (!node || node[last] === undefined || node[newLast] !== undefined) return;
  node[newLast] = node[last];
  delete node[last];
}

/** What depends on a field, for an editor about to remove or rename it. Empty: nothing does. */
export interface FieldDependents {
  /** The application columns the server copies the answer into (the queue, uniqueness, the back office). */
  columns: string[];
  /** Held unique across applicants. */
  unique: boolean;
  /** Locked to a fact the identity check verifies. */
  verifiedBy?: string;
  /** Fields whose visibility or checks read it. */
  readBy: string[];
  /** The key the API and the back office receive its answer under. */
  dataKey?: string;
}

/** Whatever depends on the field (and, for a container, on any field inside it). */
export function dependentsOfField(document: StepSchema, path: FieldPath): FieldDependents {
  const field = fieldAt(document, path);
  const inside = field ? walkFields([field]).map((entry) => entry.field) : [];
  const ids = new Set(inside.map((f) => f.id));
  const values = inside.filter(isValueField) as ValueField[];
  const readBy = walkFields(document.fields)
    .map((entry) => entry.field)
    .filter((other) => !ids.has(other.id))
    .filter((other) => {
      const reads = new Set<string>();
      const collect = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(collect);
        if (!node || typeof node !== 'object') return;
        for (const [name, value] of Object.entries(node as Record<string, unknown>)) {
          if (name === 'children') continue;
          if ((name === 'field' || name.endsWith('Field')) && typeof value === 'string') reads.add(value);
          else collect(value);
        }
      };
      collect({ visibleWhen: other.visibleWhen, rules: (other as ValueField).rules, dataSource: (other as ValueField).dataSource });
      return [...reads].some((id) => ids.has(id));
    })
    .map((other) => other.id);
  const projections = values.flatMap((f) => f.projectTo ?? []).map((p) => (typeof p === 'string' ? p : p.column));
  return {
    columns: [...new Set(projections)],
    unique: values.some((f) => !!f.unique),
    ...(values.find((f) => f.verifiedBy) ? { verifiedBy: values.find((f) => f.verifiedBy)!.verifiedBy } : {}),
    readBy,
    ...(values.length === 1 ? { dataKey: values[0]!.dataKey } : {}),
  };
}

/** Whether removing the field needs the editor's yes: something beyond its own answer depends on it. */
export const hasDependents = (d: FieldDependents): boolean => d.columns.length > 0 || d.unique || !!d.verifiedBy || d.readBy.length > 0;
