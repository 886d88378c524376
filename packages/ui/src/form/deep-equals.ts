// RJSF's deepEquals (@rjsf/utils, used to skip renders and to compare form data), without
// fast-equals: 2.5 KB gzip on every step page for the kinds of values a form holds. The apps' builds
// put this module in its place (vite.config.ts). It answers as RJSF's does for primitives, plain and
// null-prototype objects, class instances, arrays, dates, regular expressions, functions (any two are
// equal, RJSF's rule), React elements (their owner is not compared) and cyclic structures. For the
// kinds no form holds (Map, Set, errors, typed arrays, boxed primitives, URLs) it says "not equal"
// unless they are the same object: RJSF then renders once more, and never misses a change.

type Pairs = WeakMap<object, object>;
type Fields = Record<string, unknown>;

/** React's owner fields, which fast-equals skips on elements (they point into the fiber tree). */
const isOwnerOfElement = (a: Fields, b: Fields, key: string) => (key === '_owner' || key === '__o' || key === '__v') && Boolean(a.$$typeof || b.$$typeof);

function areFieldsEqual(a: Fields, b: Fields, pairs: Pairs): boolean {
  const keys = Object.keys(a);
  if (Object.keys(b).length !== keys.length) return false;
  for (let index = keys.length - 1; index >= 0; index--) {
    const key = keys[index]!;
    if (isOwnerOfElement(a, b, key)) continue;
    if (!Object.prototype.propertyIsEnumerable.call(b, key) || !isEqual(a[key], b[key], pairs)) return false;
  }
  return true;
}

function areItemsEqual(a: unknown[], b: unknown[], pairs: Pairs): boolean {
  if (a.length !== b.length) return false;
  for (let index = a.length - 1; index >= 0; index--) if (!isEqual(a[index], b[index], pairs)) return false;
  return true;
}

/** A pair already being compared further up is taken as equal, as fast-equals' circular mode does. */
function withoutCycles(a: object, b: object, pairs: Pairs, compare: () => boolean): boolean {
  const pairedWithA = pairs.get(a);
  const pairedWithB = pairs.get(b);
  if (pairedWithA && pairedWithB) return pairedWithA === b && pairedWithB === a;
  pairs.set(a, b);
  pairs.set(b, a);
  const equal = compare();
  pairs.delete(a);
  pairs.delete(b);
  return equal;
}

function areObjectsEqual(a: Fields, b: Fields, pairs: Pairs): boolean {
  const kind = a.constructor;
  if (kind !== b.constructor) return false;
  if (kind === Date) return Object.is((a as unknown as Date).getTime(), (b as unknown as Date).getTime());
  if (kind === RegExp) return (a as unknown as RegExp).source === (b as unknown as RegExp).source && (a as unknown as RegExp).flags === (b as unknown as RegExp).flags;
  if (Array.isArray(a)) return withoutCycles(a, b, pairs, () => areItemsEqual(a as unknown[], b as unknown as unknown[], pairs));
  if (kind === Object || kind == null) return withoutCycles(a, b, pairs, () => areFieldsEqual(a, b, pairs));
  const tag = Object.prototype.toString.call(a);
  // A class instance is compared by its fields, unless it is promise-like.
  if (tag === '[object Object]') return typeof a.then !== 'function' && typeof b.then !== 'function' && withoutCycles(a, b, pairs, () => areFieldsEqual(a, b, pairs));
  if (tag === '[object Arguments]') return withoutCycles(a, b, pairs, () => areFieldsEqual(a, b, pairs));
  return false;
}

function isEqual(a: unknown, b: unknown, pairs: Pairs): boolean {
  if (a === b) return true;
  if (a == null || b == null || typeof a !== typeof b) return false;
  if (typeof a === 'function') return true;
  if (typeof a === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== 'object') return false;
  return areObjectsEqual(a as Fields, b as Fields, pairs);
}

/** Whether two values are deeply equal, as RJSF's deepEquals decides it for form values and props. */
export default function deepEquals(a: unknown, b: unknown): boolean {
  return isEqual(a, b, new WeakMap());
}
