// Choices pasted from a spreadsheet are parsed once: values, their texts in three languages, and
// the lines that are no choice.
import { describe, expect, it } from 'vitest';
import { parseChoices } from '../src/studio/choice-paste.ts';

describe('pasted choices', () => {
  it('reads a spreadsheet copy (tabs) into options and texts, naming the lines refused', () => {
    const pasted = ['1\tKuala Lumpur\t吉隆坡\t吉隆坡', '2\tPenang\t檳城\t槟城', '\tNo value', '2\tPenang again', '3\tIpoh'].join('\n');
    const { options, texts, refused } = parseChoices(pasted, 'branch', 'number');
    expect(options).toEqual([
      { value: 1, labelKey: 'option.branch.1' },
      { value: 2, labelKey: 'option.branch.2' },
      { value: 3, labelKey: 'option.branch.3' },
    ]);
    expect(texts).toEqual({ en: { 'option.branch.1': 'Kuala Lumpur', 'option.branch.2': 'Penang', 'option.branch.3': 'Ipoh' }, 'zh-HK': { 'option.branch.1': '吉隆坡', 'option.branch.2': '檳城' }, 'zh-CN': { 'option.branch.1': '吉隆坡', 'option.branch.2': '槟城' } });
    expect(refused).toEqual([
      { line: 3, reason: 'noValue' },
      { line: 4, reason: 'duplicate' },
    ]);
  });
  it('reads a CSV, quotes and all, and keeps text values as text', () => {
    const { options, texts } = parseChoices('kl,"Kuala Lumpur, Federal Territory",吉隆坡,吉隆坡\nmy branch,Mine,我的,我的', 'branch', 'string');
    expect(options).toEqual([
      { value: 'kl', labelKey: 'option.branch.kl' },
      { value: 'my branch', labelKey: 'option.branch.choice2' },
    ]);
    expect(texts.en?.['option.branch.kl']).toBe('Kuala Lumpur, Federal Territory');
  });
  it('takes 2,000 lines in one parse', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `${i + 1}\tBranch ${i + 1}\t分行 ${i + 1}\t分行 ${i + 1}`).join('\n');
    const { options, texts, refused } = parseChoices(lines, 'branch', 'number');
    expect(options).toHaveLength(2000);
    expect(Object.keys(texts['zh-CN']!)).toHaveLength(2000);
    expect(refused).toEqual([]);
  });
});
