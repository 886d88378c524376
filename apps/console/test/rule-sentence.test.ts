// A rule read back in the editor's words: fields by their labels, values by their options' labels
// (a dictionary's included), the applicant's facts by their names, nested conditions bracketed.
import { loadDictionaries, loadLocales, loadStepSchemas } from '@kh/engine/node';
import type { Rule, StepSchema } from '@kh/engine';
import { translationOf } from '@kh/engine/lint';
import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import { ruleOverview, ruleSentence, type RuleWords } from '../src/studio/rule-sentence.ts';

const locales = loadLocales();
const consoleText = (key: string, options: Record<string, unknown> = {}) => {
  const text = translationOf(en as Record<string, unknown>, key) ?? String(options.defaultValue ?? key);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(options[name]));
};
const words: RuleWords = { language: 'en', t: consoleText, textOf: (key) => translationOf(locales.en, key) ?? '', dictionaries: loadDictionaries() };
const personal = (): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === 'personal')!);

describe('a rule in words', () => {
  it('names a field by its label and its values by their dictionary labels', () => {
    expect(ruleSentence({ field: 'maritalStatus', in: [2, 4] }, personal(), words)).toBe('Marital status is Married or Widowed');
    expect(ruleSentence({ field: 'maritalStatus', notIn: [1, 3] }, personal(), words)).toBe('Marital status is not Single and Divorced');
    expect(ruleSentence({ field: 'raceOther', filled: true }, personal(), words)).toBe('Race (other) is answered');
  });
  it('says the applicant\'s facts in words, and brackets what is nested', () => {
    const rule: Rule = { all: [{ context: 'mode', eq: 'rejected' }, { any: [{ context: 'markets', hasBit: 16 }, { not: { field: 'sameAsRegistered', eq: true } }] }] };
    expect(ruleSentence(rule, personal(), words)).toBe('The application is sent back to be corrected and (The markets applied for include MY or not Mailing address is the same as registered address is Yes (ticked))');
  });
  it('lists the step\'s rules with what each reads and what reads it', () => {
    const overview = ruleOverview(personal(), words);
    expect(overview.find((rule) => rule.id === 'raceOther')).toEqual({ id: 'raceOther', sentence: 'Race is Other', reads: ['race'], readBy: [] });
    expect(overview.find((rule) => rule.id === 'race')).toMatchObject({ sentence: '', readBy: ['raceOther'] });
  });
});
