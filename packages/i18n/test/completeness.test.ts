import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES, flattenMessages, parametersOf, resolveLanguage, resources } from '../src/index.ts';

describe('every string of the product is in en, zh-HK and zh-CN', () => {
  for (const namespace of NAMESPACES) {
    const english = new Map(flattenMessages(resources.en[namespace]));
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const other = new Map(flattenMessages(resources[lang][namespace]));
      it(`${namespace}: ${lang} has exactly the keys of en`, () => {
        expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      });
      it(`${namespace}: ${lang} uses the same parameters ({min}, {max}, {len}, {num}, {amount}) as en`, () => {
        const differing = [...english].filter(([key, text]) => other.has(key) && parametersOf(other.get(key)!).join() !== parametersOf(text).join());
        expect(differing.map(([key]) => key)).toEqual([]);
      });
      it(`${namespace}: ${lang} has no empty message`, () => {
        expect([...other].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
      });
    }
  }
  it('zh-HK is Traditional and zh-CN Simplified (the form of 證/证 and 選/选)', () => {
    expect(JSON.stringify(resources['zh-HK'])).not.toMatch(/[证选请]/);
    expect(JSON.stringify(resources['zh-CN'])).not.toMatch(/[證選請]/);
  });
});

describe('ms and anything unknown fall back to en', () => {
  it.each([
    ['ms', 'en'],
    ['fr', 'en'],
    [undefined, 'en'],
    ['zh-HK', 'zh-HK'],
    ['zh-hk', 'zh-HK'],
    ['zh-TW', 'zh-HK'],
    ['zh-Hant-MO', 'zh-HK'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
  ])('%s gives %s', (requested, expected) => {
    expect(resolveLanguage(requested)).toBe(expected);
  });
});
