// Every console text exists in each language the console offers, with the same placeholders.
import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import zhCN from '../src/locales/zh-CN.json';
import zhHK from '../src/locales/zh-HK.json';

const flatten = (value: unknown, prefix = ''): Record<string, string> =>
  typeof value === 'object' && value !== null ? Object.assign({}, ...Object.entries(value).map(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key))) : { [prefix]: String(value) };
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('console translations', () => {
  const english = flatten(en);
  for (const [language, bundle] of Object.entries({ 'zh-HK': zhHK, 'zh-CN': zhCN })) {
    it(`${language} has every key of en, with the same placeholders, and none of its own`, () => {
      const translated = flatten(bundle);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) expect(placeholders(translated[key]), key).toEqual(placeholders(text));
    });
  }
});
