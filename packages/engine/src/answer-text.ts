// An answer in words: a chosen option by its label (never its code), several joined, a yes/no in the
// reader's language, anything else as given. The application PDF and the review console's summary
// read answers through it, each with its own words.
import type { FieldOption } from './compile.ts';

export interface AnswerWords {
  /** A translation key's text (an option's labelKey). */
  text(key: string): string;
  /** An option's own label ({ en, zh-HK, zh-CN }) in the reader's language. */
  label(label: Record<string, string>): string;
  yes: string;
  no: string;
  /** How several chosen values are joined ("A, B"). */
  join(values: string[]): string;
}

export function answerText(value: unknown, options: readonly FieldOption[] | undefined, words: AnswerWords): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) return words.join(value.map((each) => answerText(each, options, words)).filter(Boolean));
  const option = options?.find((each) => String(each.value) === String(value));
  if (option) return option.label ? words.label(option.label) : option.labelKey ? words.text(option.labelKey) : String(value);
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  return String(value);
}
