// A visibility rule read back as a sentence in the editor's language ("Marital status is Married or
// Widowed"): each field by its label, each value by its option's label (a dictionary's included), the
// applicant's facts by their names. And what each field's rule reads and which rules read it. Pure.
import { MARKET_BITS, fieldsOfRule, isValueField, valuesOfField, walkFields, type Dictionaries, type Rule, type Scalar, type StepSchema, type ValueField } from '@kh/engine';

export interface RuleWords {
  /** The editor's language, for the lists ("A, B or C"). */
  language: string;
  t(key: string, options?: Record<string, unknown>): string;
  /** A text key's text in the editor's language. */
  textOf(key: string): string;
  dictionaries: Dictionaries;
}

const MARKET_NAMES: Record<number, string> = { [MARKET_BITS.HK]: 'HK', [MARKET_BITS.US]: 'US', [MARKET_BITS.MAS]: 'MY' };

/** The fields of a step by id: what a rule's words are looked up in. */
export const valueFieldsById = (document: StepSchema): Map<string, ValueField> =>
  new Map(walkFields(document.fields).flatMap(({ field }) => (isValueField(field) ? [[field.id, field as ValueField] as const] : [])));

/** A field's name as the editor reads it: its label (in their language, by `textOf`), else its id. */
export function fieldName(document: StepSchema, id: string, textOf: (key: string) => string): string {
  const field = walkFields(document.fields).find((entry) => entry.field.id === id)?.field;
  const label = field?.labelKey ? textOf(field.labelKey) : '';
  return label || id;
}

/** A value of a field as the editor reads it: its option's label in their language, else the value itself. */
export function valueName(field: ValueField | undefined, value: Scalar, words: RuleWords): string {
  if (!field) return JSON.stringify(value);
  const choice = valuesOfField(field, words.dictionaries).choices?.find((c) => c.value === value || String(c.value) === String(value));
  if (typeof value === 'boolean' && !choice?.labelKey) return words.t(value ? 'studio.rule.yes' : 'studio.rule.no');
  const label = choice?.labelKey ? words.textOf(choice.labelKey) : (choice?.labels?.[words.language] ?? choice?.labels?.en);
  return label || JSON.stringify(value);
}

const list = (items: string[], language: string, type: 'conjunction' | 'disjunction') => new Intl.ListFormat(language, { type }).format(items);

/** The condition in words, without "Shown when". */
export function ruleSentence(rule: Rule, document: StepSchema, words: RuleWords, nested = false): string {
  const wrap = (text: string) => (nested ? `(${text})` : text);
  if ('all' in rule) return wrap(list(rule.all.map((r) => ruleSentence(r, document, words, true)), words.language, 'conjunction'));
  if ('any' in rule) return wrap(list(rule.any.map((r) => ruleSentence(r, document, words, true)), words.language, 'disjunction'));
  if ('not' in rule) return words.t('studio.rule.not', { condition: ruleSentence(rule.not, document, words, true) });
  if ('context' in rule) {
    const who = words.t(`studio.fact.${rule.context}`);
    if ('hasBit' in rule) return words.t('studio.rule.includes', { what: who, value: MARKET_NAMES[rule.hasBit] ?? String(rule.hasBit) });
    const values = 'eq' in rule ? [rule.eq] : 'in' in rule ? rule.in : rule.notIn;
    const named = list(values.map((v) => words.t(`studio.factValue.${rule.context}.${String(v)}`, { defaultValue: JSON.stringify(v) })), words.language, 'disjunction');
    return words.t('notIn' in rule ? 'studio.rule.isNot' : 'studio.rule.is', { what: who, value: named });
  }
  const field = valueFieldsById(document).get(rule.field);
  const what = fieldName(document, rule.field, words.textOf);
  if ('filled' in rule) return words.t(rule.filled ? 'studio.rule.filled' : 'studio.rule.notFilled', { what });
  if ('has' in rule) return words.t('studio.rule.includes', { what, value: valueName(field, rule.has, words) });
  const values = 'eq' in rule ? [rule.eq] : 'in' in rule ? rule.in : rule.notIn;
  const named = list(values.map((v) => valueName(field, v, words)), words.language, 'notIn' in rule ? 'conjunction' : 'disjunction');
  return words.t('notIn' in rule ? 'studio.rule.isNot' : 'studio.rule.is', { what, value: named });
}

export interface RuleOverview {
  id: string;
  sentence: string;
  /** The fields this field's rule reads. */
  reads: string[];
  /** The fields whose rules read this one. */
  readBy: string[];
}

/** Every field's rule, as a sentence, with the fields it reads and those that read it: the step's rules together. */
export function ruleOverview(document: StepSchema, words: RuleWords): RuleOverview[] {
  const entries = walkFields(document.fields).map(({ field }) => field);
  const readsOf = new Map(entries.map((field) => [field.id, field.visibleWhen ? [...new Set(fieldsOfRule(field.visibleWhen))] : []]));
  return entries
    .filter((field) => field.visibleWhen || entries.some((other) => readsOf.get(other.id)!.includes(field.id)))
    .map((field) => ({
      id: field.id,
      sentence: field.visibleWhen ? ruleSentence(field.visibleWhen, document, words) : '',
      reads: readsOf.get(field.id)!,
      readBy: entries.filter((other) => readsOf.get(other.id)!.includes(field.id)).map((other) => other.id),
    }));
}
