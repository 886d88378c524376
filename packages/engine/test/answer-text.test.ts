import { describe, expect, it } from 'vitest';
import { answerText, type AnswerWords, type FieldOption } from '../src/index.ts';

const words: AnswerWords = { text: (key) => `«${key}»`, label: (label) => label['zh-HK'] ?? label.en, yes: '是', no: '否', join: (values) => values.join('、') };
const options: FieldOption[] = [{ value: 1, labelKey: 'option.income.low' }, { value: 2, label: { en: 'High', 'zh-HK': '高' } }, { value: 'MYS', label: { en: 'Malaysia' } }];

describe('an answer in words', () => {
  it('names a chosen option by its label, never its code', () => {
    expect(answerText(1, options, words)).toBe('«option.income.low»');
    expect(answerText('2', options, words)).toBe('高');
    expect(answerText('MYS', options, words)).toBe('Malaysia');
  });
  it('joins several, says yes or no, and gives anything else as typed', () => {
    expect(answerText(['1', 2], options, words)).toBe('«option.income.low»、高');
    expect(answerText(true, undefined, words)).toBe('是');
    expect(answerText(false, undefined, words)).toBe('否');
    expect(answerText('No 12, Jalan Ampang', undefined, words)).toBe('No 12, Jalan Ampang');
    expect(answerText(9, options, words)).toBe('9');
  });
  it('is empty for no answer', () => {
    for (const none of [undefined, null, '', []]) expect(answerText(none, options, words)).toBe('');
  });
});
