// dataKey paths into the API payload: "name", "dto.bankName", "addressList[addrType=1].postalCode".
// A [key=value] segment selects (or creates) the element of an array whose key holds that value.

export type PathSegment = { property: string } | { property: string; selectKey: string; selectValue: string | number };

const SEGMENT = /^([A-Za-z_$][\w$]*)(?:\[([A-Za-z_$][\w$]*)=([^\]]+)\])?$/;

export function parseDataKey(dataKey: string): PathSegment[] {
  return dataKey.split('.').map((part) => {
    const match = SEGMENT.exec(part);
    if (!match) throw new Error(`Invalid dataKey segment "${part}" in "${dataKey}"`);
    const [, property, selectKey, rawValue] = match;
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
    node = node[segment.property];
    if ('selectKey' in segment) {
      if (!Array.isArray(node)) return undefined;
      node = node.find((item) => isObject(item) && item[segment.selectKey] === segment.selectValue);
    }
  }
  return node;
}

export function setAtPath(root: Json, path: PathSegment[], value: unknown): void {
  let node: Json = root;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    if (!('selectKey' in segment)) {
      if (last) node[segment.property] = value;
      else node = (isObject(node[segment.property]) ? node[segment.property] : (node[segment.property] = {})) as Json;
      return;
    }
    const list = (Array.isArray(node[segment.property]) ? node[segment.property] : (node[segment.property] = [])) as Json[];
    let element = list.find((item) => item[segment.selectKey] === segment.selectValue);
    if (!element) list.push((element = { [segment.selectKey]: segment.selectValue }));
    if (last) throw new Error('A dataKey cannot end with a [key=value] selector');
    node = element;
  });
}
