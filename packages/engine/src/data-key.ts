// dataKey paths into the API payload: "name", "dto.bankName", "addressList[addrType=1].postalCode".
// A [key=value] segment selects (or creates) the element of an array whose key holds that value.

export type PathSegment = { property: string } | { property: string; selectKey: string; selectValue: string | number };

const SEGMENT = /^([A-Za-z_$][\w$]*)(?:\[([A-Za-z_$][\w$]*)=([^\]]+)\])?$/;

/** Names that reach an object's prototype instead of a property: a payload path never takes them. */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

function refusePrototypeName(name: string, dataKey: string): void {
  if (PROTOTYPE_NAMES.has(name)) throw new Error(`dataKey "${dataKey}" may not name "${name}"`);
}

/** An own property's value: a name from a document never finds what Object.prototype holds. */
export const ownValue = (record: object, key: string): unknown => (Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined);

export function parseDataKey(dataKey: string): PathSegment[] {
  const parts = dataKey.split('.');
  return parts.map((part, index) => {
    const match = SEGMENT.exec(part);
    if (!match) throw new Error(`Invalid dataKey segment "${part}" in "${dataKey}"`);
    const [, property, selectKey, rawValue] = match;
    // A last segment may be called "constructor" (it is a plain key there); one to walk through may not.
    if (property === '__proto__' || property === 'prototype' || (index < parts.length - 1 && PROTOTYPE_NAMES.has(property))) refusePrototypeName(property, dataKey);
    if (selectKey) refusePrototypeName(selectKey, dataKey);
    if (!selectKey) return { property };
    const selectValue = /^-?\d+$/.test(rawValue) ? Number(rawValue) : rawValue;
    return { property, selectKey, selectValue };
  });
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function getAtPath(root: unknown, path: PathSegment[]): unknown {
  let node: unknown = root;
  for (const segment of path) {
    if (!isObject(node)) return undefined;
    node = ownValue(node, segment.property);
    if ('selectKey' in segment) {
      if (!Array.isArray(node)) return undefined;
      node = node.find((item) => isObject(item) && ownValue(item, segment.selectKey) === segment.selectValue);
    }
  }
  return node;
}

export function setAtPath(root: Json, path: PathSegment[], value: unknown): void {
  let node: Json = root;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    if (segment.property === '__proto__' || segment.property === 'prototype' || (!last && segment.property === 'constructor')) refusePrototypeName(segment.property, path.map((s) => s.property).join('.'));
    // Defined, not assigned: an own property whatever its name.
    const put = (target: Json, key: string, next: unknown) => (Object.defineProperty(target, key, { value: next, writable: true, enumerable: true, configurable: true }), next);
    if (!('selectKey' in segment)) {
      if (last) put(node, segment.property, value);
      else node = (isObject(ownValue(node, segment.property)) ? ownValue(node, segment.property) : put(node, segment.property, {})) as Json;
      return;
    }
    const existing = ownValue(node, segment.property);
    const list = (Array.isArray(existing) ? existing : put(node, segment.property, [])) as Json[];
    let element = list.find((item) => ownValue(item, segment.selectKey) === segment.selectValue);
    if (!element) list.push((element = { [segment.selectKey]: segment.selectValue }));
    if (last) throw new Error('A dataKey cannot end with a [key=value] selector');
    node = element;
  });
}
