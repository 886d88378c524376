// Choices pasted from a spreadsheet (or typed), one per line: the value, then its text in English,
// 繁體中文 and 简体中文, separated by tabs (a spreadsheet's copy) or commas (a CSV). Parsed once, into
// the field's options and their texts, for one edit; a line that cannot be a choice is named. Pure.
import Papa from 'papaparse';
import type { StepTranslations, StudioLanguage } from '@kh/engine';

export interface PastedChoices {
  options: { value: string | number; labelKey: string }[];
  texts: StepTranslations;
  /** Lines that are no choice (no value, a value twice), by line number from 1. */
  refused: { line: number; reason: 'noValue' | 'duplicate' }[];
}

const LANGUAGES: StudioLanguage[] = ['en', 'zh-HK', 'zh-CN'];

export function parseChoices(text: string, fieldId: string, valueType: string): PastedChoices {
  const delimiter = text.includes('\t') ? '\t' : ',';
  const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: 'greedy' });
  const options: PastedChoices['options'] = [];
  const texts: StepTranslations = { en: {}, 'zh-HK': {}, 'zh-CN': {} };
  const refused: PastedChoices['refused'] = [];
  const seen = new Set<string>();
  data.forEach((cells, index) => {
    const raw = (cells[0] ?? '').trim();
    if (!raw) return refused.push({ line: index + 1, reason: 'noValue' });
    if (seen.has(raw)) return refused.push({ line: index + 1, reason: 'duplicate' });
    seen.add(raw);
    const value = valueType === 'number' && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    // A key of its own per choice, made of the value where it can be (readable in the texts table).
    const labelKey = `option.${fieldId}.${/^[A-Za-z0-9_]{1,40}$/.test(raw) ? raw : `choice${options.length + 1}`}`;
    options.push({ value, labelKey });
    LANGUAGES.forEach((language, i) => {
      const said = (cells[i + 1] ?? '').trim();
      if (said) texts[language]![labelKey] = said;
    });
  });
  return { options, texts, refused };
}
