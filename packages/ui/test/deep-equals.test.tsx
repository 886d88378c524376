// Our deepEquals stands in for RJSF's in the apps' builds: it must answer as RJSF's (fast-equals)
// does for every value a form holds, and never say "equal" where RJSF's says "not equal".
import { deepEquals as rjsfDeepEquals } from '@rjsf/utils';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import deepEquals from '../src/form/deep-equals.ts';

/** mulberry32: the same values on every run, so that a failure can be replayed. */
const sequence = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};

class Registry {
  constructor(
    public name: unknown,
    public then?: unknown,
  ) {}
}
const sharedFunction = () => 1;
const PRIMITIVES: unknown[] = [0, -0, 1, 2, NaN, '', 'a', 'b', true, false, null, undefined, 10n, sharedFunction];

/**
 * A random value a form or RJSF's props hold, built twice from the same choices with small chances of
 * a difference, so that both equal and unequal pairs come up.
 */
function valuePair(random: () => number, depth: number): [unknown, unknown] {
  const drift = <T,>(value: T, other: () => T): T => (random() < 0.08 ? other() : value);
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const kind = depth > 3 ? 0 : Math.floor(random() * 9);
  switch (kind) {
    case 0: {
      const value = pick(PRIMITIVES);
      return [value, drift(value, () => pick(PRIMITIVES))];
    }
    case 1:
      return [() => 1, drift<unknown>(() => 2, () => pick(PRIMITIVES))];
    case 2: {
      const time = pick([0, 86_400_000, NaN]);
      return [new Date(time), drift<unknown>(new Date(time), () => new Date(pick([0, 1, NaN])))];
    }
    case 3:
      return [/a+/g, drift<unknown>(/a+/g, () => pick([/a+/, /b+/g]))];
    case 4:
    case 5: {
      const length = Math.floor(random() * 4);
      const pairs = Array.from({ length }, () => valuePair(random, depth + 1));
      const right = pairs.map(([, b]) => b);
      return [pairs.map(([a]) => a), drift(right, () => right.slice(0, -1))];
    }
    case 6:
    case 7: {
      const keys = ['a', 'b', 'c', '_owner', 'then'].filter(() => random() < 0.5);
      const pairs = keys.map((key) => [key, valuePair(random, depth + 1)] as const);
      const prototype = pick([Object.prototype, null]);
      const build = (side: 0 | 1) => Object.assign(Object.create(prototype) as object, Object.fromEntries(pairs.map(([key, pair]) => [key, pair[side]])));
      const right = build(1) as Record<string, unknown>;
      if (random() < 0.08) right[pick(['a', 'z'])] = 1;
      return [build(0), right];
    }
    default: {
      const [a, b] = valuePair(random, depth + 1);
      if (random() < 0.5) {
        // A class instance: compared by its fields, unless it is promise-like; never equal to a plain object.
        const then = random() < 0.2 ? sharedFunction : undefined;
        return [new Registry(a, then), drift<unknown>(new Registry(b, then), () => ({ name: b, then }))];
      }
      // React elements differ in their owner (a fiber) without being different.
      const element = (child: unknown, owner: object) => Object.assign({ ...createElement('span', { value: child }) }, { _owner: owner });
      return [element(a, { fiber: 1 }), element(b, { fiber: 2 })];
    }
  }
}

describe('deepEquals, standing in for RJSF’s', () => {
  it('answers as RJSF’s does for 20,000 random pairs of form values, props and class instances', () => {
    const random = sequence(7);
    let equal = 0;
    for (let sample = 0; sample < 20_000; sample++) {
      const [a, b] = valuePair(random, 0);
      const expected = rjsfDeepEquals(a, b);
      if (deepEquals(a, b) !== expected) expect({ a, b, ours: deepEquals(a, b) }).toEqual({ a, b, ours: expected });
      if (expected) equal++;
    }
    // Both answers came up often: the comparison covered equal pairs and unequal ones.
    expect(equal).toBeGreaterThan(2_000);
    expect(equal).toBeLessThan(18_000);
  });

  it('takes a cycle met again as equal, as RJSF’s does, and still tells cycles of different content apart', () => {
    const cyclic = (value: number) => {
      const node: Record<string, unknown> = { value };
      node.self = node;
      node.list = [node];
      return node;
    };
    for (const [a, b] of [
      [cyclic(1), cyclic(1)],
      [cyclic(1), cyclic(2)],
    ]) expect(deepEquals(a, b)).toBe(rjsfDeepEquals(a, b));
    expect(deepEquals(cyclic(1), cyclic(1))).toBe(true);
  });

  it('never says equal where RJSF’s says not, for the kinds no form holds', () => {
    const pairs: [unknown, unknown][] = [
      [new Map([[1, 2]]), new Map([[1, 2]])],
      [new Map([[1, 2]]), new Map([[1, 3]])],
      [new Set([1]), new Set([1])],
      [new Set([1]), new Set([2])],
      [new Uint8Array([1]), new Uint8Array([1])],
      [new Error('a'), new Error('a')],
      [Object(1), Object(1)],
      [Promise.resolve(1), Promise.resolve(1)],
      [new URL('https://a.example/'), new URL('https://a.example/')],
    ];
    for (const [a, b] of pairs) if (deepEquals(a, b)) expect(rjsfDeepEquals(a, b)).toBe(true);
    const same = new Map();
    expect(deepEquals(same, same)).toBe(true);
  });
});
