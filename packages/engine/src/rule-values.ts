// What a visibility rule may compare a field with: the values the field can hold (its options, its
// dictionary's entries, true and false) and the comparisons its type can make. The lint refuses a
// value a field never holds ("Married" where the field holds 1-4), a comparison of the wrong type,
// and a rule that no answers can make true; the studio offers the same values by their labels. Pure.
import type { Dictionaries } from './compile.ts';
import { evaluateRule, fieldsOfRule, contextKeysOfRule, marketSumsWithBit, type FormData, type StepContext } from './rules.ts';
import { isValueField, walkFields, type Field, type Rule, type Scalar, type StepSchema, type ValueField } from './step-schema.ts';

export interface FieldChoice {
  value: Scalar;
  /** A translation key (a field's own option), or the dictionary entry's labels by language. */
  labelKey?: string;
  labels?: Record<string, string>;
}

export interface FieldValues {
  valueType: ValueField['valueType'];
  /** Every value the field can hold, when they are a closed set; absent for free text or numbers. */
  choices?: FieldChoice[];
}

/** The values a field can hold, as the rules and the rule builder see them. */
export function valuesOfField(field: ValueField, dictionaries: Dictionaries): FieldValues {
  const source = field.dataSource;
  if (source && 'options' in source) return { valueType: field.valueType, choices: source.options.map((o) => ({ value: o.value, ...(o.labelKey ? { labelKey: o.labelKey } : {}) })) };
  if (source && 'dictionary' in source) {
    const entries = dictionaries[source.dictionary];
    if (entries) return { valueType: field.valueType, choices: entries.map((e) => ({ value: e.value, ...(e.label ? { labels: e.label } : {}) })) };
  }
  if (field.valueType === 'boolean') return { valueType: 'boolean', choices: [{ value: true }, { value: false }] };
  return { valueType: field.valueType };
}

type Leaf = Exclude<Rule, { all: Rule[] } | { any: Rule[] } | { not: Rule }>;
const leavesOf = (rule: Rule): Leaf[] => ('all' in rule ? rule.all.flatMap(leavesOf) : 'any' in rule ? rule.any.flatMap(leavesOf) : 'not' in rule ? leavesOf(rule.not) : [rule]);
const comparedValues = (leaf: Leaf): Scalar[] => ('eq' in leaf ? [leaf.eq] : 'in' in leaf ? leaf.in : 'notIn' in leaf ? leaf.notIn : 'has' in leaf ? [leaf.has] : []);
const typeOfScalar = (value: Scalar) => typeof value as 'string' | 'number' | 'boolean';
const shown = (value: Scalar) => JSON.stringify(value);

/** What is wrong with one comparison of a field: its kind for the field's type, each value's type and whether the field can hold it. */
function leafProblems(leaf: Leaf & { field: string }, read: ValueField, dictionaries: Dictionaries): string[] {
  const values = valuesOfField(read, dictionaries);
  const list = read.valueType === 'stringList';
  if ('has' in leaf && !list) return [`"has" asks whether a list holds a value; ${read.id} holds one ${read.valueType}: compare it with "eq" or "in"`];
  if (list && ('eq' in leaf || 'in' in leaf || 'notIn' in leaf)) return [`${read.id} holds a list of values: ask whether it "has" one`];
  const wanted = list ? 'string' : read.valueType;
  const problems: string[] = [];
  for (const value of comparedValues(leaf)) {
    if (typeOfScalar(value) !== wanted) problems.push(`a rule compares ${read.id} with ${shown(value)}, a ${typeOfScalar(value)}; ${read.id} holds ${wanted === 'number' ? 'numbers' : wanted === 'boolean' ? 'true or false' : 'text'}`);
    // A list keeps its values as text, whatever the dictionary's entries are.
    else if (values.choices && !values.choices.some((choice) => (list ? String(choice.value) === value : choice.value === value)))
      problems.push(`a rule compares ${read.id} with ${shown(value)}, which it can never hold (its values: ${values.choices.map((c) => shown(c.value)).join(', ')})`);
  }
  return problems;
}

/** At most this many combinations of the values a rule reads are tried to find one that makes it true. */
const SATISFIABILITY_BOUND = 20_000;

/**
 * Whether some answers (and context) make the rule true: each field or context key it reads takes,
 * in turn, every value it can hold (for an open one, the values the rule names and one it does not),
 * and no answer at all. Undecided (true) past the bound.
 */
export function canBeTrue(rule: Rule, fields: Map<string, ValueField>, dictionaries: Dictionaries): boolean {
  const leaves = leavesOf(rule);
  const candidates = new Map<string, unknown[]>();
  const add = (name: string, values: unknown[]) => candidates.set(name, [...(candidates.get(name) ?? []), ...values]);
  for (const leaf of leaves) {
    const named = comparedValues(leaf);
    if ('field' in leaf) {
      const read = fields.get(leaf.field);
      const choices = read ? valuesOfField(read, dictionaries).choices : undefined;
      if (read?.valueType === 'stringList') add(`field:${leaf.field}`, [[], ...named.map((v) => [v]), named]);
      else add(`field:${leaf.field}`, choices ? choices.map((c) => c.value) : [...named, '\u0000other', -0.5]);
    } else if ('hasBit' in leaf) add(`context:${leaf.context}`, [0, ...marketSumsWithBit(leaf.hasBit)]);
    else add(`context:${leaf.context}`, [...named, '\u0000other']);
  }
  const names = [...candidates.keys()];
  const domains = names.map((name) => [undefined, ...new Set(candidates.get(name))]);
  if (domains.reduce((product, domain) => product * domain.length, 1) > SATISFIABILITY_BOUND) return true;
  const chosen: unknown[] = [];
  const search = (index: number): boolean => {
    if (index === names.length) {
      const data: FormData = {};
      const context: StepContext = {};
      names.forEach((name, i) => {
        if (chosen[i] === undefined) return;
        const [kind, id] = name.split(':') as ['field' | 'context', string];
        (kind === 'field' ? data : (context as Record<string, unknown>))[id] = chosen[i];
      });
      return evaluateRule(rule, data, context);
    }
    return domains[index]!.some((value) => {
      chosen[index] = value;
      return search(index + 1);
    });
  };
  return search(0);
}

/** A field's visibility rules: its own, and each of its choices'. */
export const rulesOfField = (field: Field): Rule[] => [
  ...(field.visibleWhen ? [field.visibleWhen] : []),
  ...(isValueField(field) && field.dataSource && 'options' in field.dataSource ? field.dataSource.options.flatMap((o) => (o.visibleWhen ? [o.visibleWhen] : [])) : []),
];

/** Every visibility rule's problems in a step: by the field whose rule it is. Unknown fields and context keys are the lint's own to report. */
export function ruleValueProblems(step: StepSchema, dictionaries: Dictionaries): { field: string; reason: string }[] {
  const fields = new Map(walkFields(step.fields).flatMap(({ field }) => (isValueField(field) ? [[field.id, field as ValueField] as const] : [])));
  const problems: { field: string; reason: string }[] = [];
  for (const { field } of walkFields(step.fields)) {
    for (const rule of rulesOfField(field)) {
      const before = problems.length;
      for (const leaf of leavesOf(rule)) {
        if (!('field' in leaf)) continue;
        const read = fields.get(leaf.field);
        if (read) for (const reason of leafProblems(leaf, read, dictionaries)) problems.push({ field: field.id, reason });
      }
      if (problems.length === before && fieldsOfRule(rule).every((id) => fields.has(id)) && contextKeysOfRule(rule).length + fieldsOfRule(rule).length > 0 && !canBeTrue(rule, fields, dictionaries))
        problems.push({ field: field.id, reason: 'the rule can never be true, whatever is answered: the field would never show' });
    }
  }
  return problems;
}
