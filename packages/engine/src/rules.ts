// Visibility rules, compiled two ways: a predicate for the renderer and a JSON Schema condition
// for ajv, so the browser and the server agree on which fields exist.
import { ownValue } from './data-key.ts';
import type { ContextKey, Rule, Scalar } from './step-schema.ts';

export type FormData = Record<string, unknown>;
export type StepContext = Partial<Record<ContextKey, unknown>>;
export type JsonSchema = Record<string, unknown>;

/** Context travels inside the validated data under this key, so one compiled schema serves every context. */
export const CONTEXT_PROPERTY = '_context';

/** Markets are bit flags (SPEC §3): HK 1, US 2, MAS 16. */
export const MARKET_BITS = { HK: 1, US: 2, MAS: 16 } as const;

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const sameValue = (a: unknown, b: Scalar): boolean => a === b;

export function evaluateRule(rule: Rule, data: FormData, context: StepContext): boolean {
  if ('all' in rule) return rule.all.every((r) => evaluateRule(r, data, context));
  if ('any' in rule) return rule.any.some((r) => evaluateRule(r, data, context));
  if ('not' in rule) return !evaluateRule(rule.not, data, context);
  const value = 'field' in rule ? ownValue(data, rule.field) : ownValue(context, rule.context);
  if ('eq' in rule) return sameValue(value, rule.eq);
  if ('in' in rule) return rule.in.some((v) => sameValue(value, v));
  if ('notIn' in rule) return !rule.notIn.some((v) => sameValue(value, v));
  if ('filled' in rule) return isEmpty(value) !== rule.filled;
  if ('has' in rule) return Array.isArray(value) && value.includes(rule.has);
  if ('hasBit' in rule) return typeof value === 'number' && (value & rule.hasBit) === rule.hasBit;
  throw new Error(`Unknown rule: ${JSON.stringify(rule)}`);
}

/** The fields a rule reads. */
export function fieldsOfRule(rule: Rule): string[] {
  if ('all' in rule) return rule.all.flatMap(fieldsOfRule);
  if ('any' in rule) return rule.any.flatMap(fieldsOfRule);
  if ('not' in rule) return fieldsOfRule(rule.not);
  return 'field' in rule ? [rule.field] : [];
}

export function contextKeysOfRule(rule: Rule): string[] {
  if ('all' in rule) return rule.all.flatMap(contextKeysOfRule);
  if ('any' in rule) return rule.any.flatMap(contextKeysOfRule);
  if ('not' in rule) return contextKeysOfRule(rule.not);
  return 'context' in rule ? [rule.context] : [];
}

/** Every combination of market bits that includes `bit`: JSON Schema has no bitwise test, so list them. */
export function marketSumsWithBit(bit: number): number[] {
  const bits = Object.values(MARKET_BITS);
  const sums = new Set<number>();
  for (let mask = 0; mask < 1 << bits.length; mask++) {
    const sum = bits.reduce((acc, b, i) => (mask & (1 << i) ? acc + b : acc), 0);
    if ((sum & bit) === bit) sums.add(sum);
  }
  return [...sums].sort((a, b) => a - b);
}

function valueCondition(rule: Exclude<Rule, { all: Rule[] } | { any: Rule[] } | { not: Rule }>): JsonSchema {
  if ('eq' in rule) return { const: rule.eq };
  if ('in' in rule) return { enum: rule.in };
  if ('notIn' in rule) return { not: { enum: rule.notIn } };
  if ('filled' in rule) return rule.filled ? { not: { enum: ['', null, []] } } : { enum: ['', null, []] };
  if ('hasBit' in rule) return { enum: marketSumsWithBit(rule.hasBit) };
  if ('has' in rule) return { type: 'array', contains: { const: rule.has } };
  throw new Error(`Unknown rule: ${JSON.stringify(rule)}`);
}

/**
 * A JSON Schema that holds for the root data exactly when the predicate holds.
 * A missing value satisfies only the negative forms (notIn, filled:false), as in evaluateRule.
 */
export function ruleToJsonSchema(rule: Rule): JsonSchema {
  if ('all' in rule) return { allOf: rule.all.map(ruleToJsonSchema) };
  if ('any' in rule) return { anyOf: rule.any.map(ruleToJsonSchema) };
  if ('not' in rule) return { not: ruleToJsonSchema(rule.not) };
  const condition = valueCondition(rule);
  const absentIsTrue = 'notIn' in rule || ('filled' in rule && !rule.filled);
  const onProperty = (name: string, inner: JsonSchema): JsonSchema =>
    absentIsTrue ? { properties: { [name]: inner } } : { properties: { [name]: inner }, required: [name] };
  if ('field' in rule) return onProperty(rule.field, condition);
  return onProperty(CONTEXT_PROPERTY, onProperty(rule.context, condition));
}

export const allOf = (rules: Rule[]): Rule | undefined =>
  rules.length === 0 ? undefined : rules.length === 1 ? rules[0] : { all: rules };
