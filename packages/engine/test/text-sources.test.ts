import { describe, expect, it } from 'vitest';
import { confirmedSource, outdatedTexts, textSourcesAfter } from '../src/text-sources.ts';

const english: Record<string, string> = { 'field.a.label': 'Annual income', 'field.b.label': 'Employer' };
const englishOf = (key: string) => english[key];

describe('where each translation came from', () => {
  it('a text given anew takes the English its key has now; untouched ones keep theirs', () => {
    const before = { translations: { 'zh-HK': { 'field.b.label': '僱主' } }, sources: { 'zh-HK': { 'field.b.label': 'Employer name' } } };
    const after = textSourcesAfter(before, { en: { 'field.a.label': 'Annual income' }, 'zh-HK': { 'field.a.label': '年收入', 'field.b.label': '僱主' }, 'zh-CN': { 'field.a.label': '年收入' } }, englishOf);
    expect(after).toEqual({ 'zh-HK': { 'field.a.label': 'Annual income', 'field.b.label': 'Employer name' }, 'zh-CN': { 'field.a.label': 'Annual income' } });
    // What was given is never changed in place.
    expect(before.sources).toEqual({ 'zh-HK': { 'field.b.label': 'Employer name' } });
  });
});

describe('outdated translations', () => {
  const rows = [
    { key: 'field.a.label', texts: { en: 'Yearly income', 'zh-HK': '年收入', 'zh-CN': '年收入' } },
    { key: 'field.b.label', texts: { en: 'Employer', 'zh-HK': '僱主', 'zh-CN': null } },
  ];
  const sources = { 'zh-HK': { 'field.a.label': 'Annual income', 'field.b.label': 'Employer' }, 'zh-CN': { 'field.a.label': 'Annual income', 'field.b.label': 'Boss' } };
  it('flags a translation whose English changed since, in each language it has a text in', () => {
    expect(outdatedTexts(rows, sources)).toEqual([
      { language: 'zh-HK', key: 'field.a.label' },
      { language: 'zh-CN', key: 'field.a.label' },
    ]);
  });
  it('not once it is confirmed, nor while it is being translated anew', () => {
    expect(outdatedTexts(rows, confirmedSource(sources, 'zh-HK', 'field.a.label', 'Yearly income'))).toEqual([{ language: 'zh-CN', key: 'field.a.label' }]);
    expect(outdatedTexts(rows, sources, (language) => language === 'zh-CN')).toEqual([{ language: 'zh-HK', key: 'field.a.label' }]);
  });
});
