// The schema lint for product staff: every problem names the file, the field and the reason.
// Pure: the caller reads the files (scripts/schemas-lint.ts) and passes the documents in.
import { Ajv } from 'ajv';
import { parseDataKey } from './data-key.ts';
import { compile, SchemaError } from './compile.ts';
import { contextKeysOfRule, fieldsOfRule } from './rules.ts';
import { payloadLeafType } from './payload-types.ts';
import { CONTEXT_KEYS, FIELD_KINDS, isValueField, walkFields, type Field, type Rule, type StepSchema, type ValidationRule, type ValueField } from './step-schema.ts';
import { partsOf, requiredMessageKey } from './validation-rules.ts';
import { PROJECTION_COLUMNS, type Projection } from './step-behaviour.ts';
import { rulesOfField as rulesOf, ruleValueProblems } from './rule-values.ts';
import type { Dictionaries } from './compile.ts';

export const REQUIRED_LANGUAGES = ['en', 'zh-HK', 'zh-CN'] as const;

export interface LintProblem {
  file: string;
  field?: string;
  /** Where in the document a meta-schema problem is (JSON Pointer), for an editor to point at. */
  pointer?: string;
  reason: string;
}

export interface LintInput {
  steps: { file: string; document: unknown }[];
  dictionaries: Dictionaries;
  /** locales[lang][namespace] = nested messages */
  locales: Record<string, Record<string, unknown>>;
  metaSchema: Record<string, unknown>;
}

/** The text a "namespace.path" key has in one language's nested messages, if any. */
export function translationOf(messages: Record<string, unknown> | undefined, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export const hasTranslation = (messages: Record<string, unknown> | undefined, key: string): boolean => !!translationOf(messages, key);

function translationKeysOf(field: Field): string[] {
  const keys = [field.labelKey, field.helpKey];
  if (isValueField(field)) {
    keys.push(field.placeholderKey, requiredMessageKey(field));
    if (field.dataSource && 'options' in field.dataSource) keys.push(...field.dataSource.options.map((o) => o.labelKey));
    if (field.dataSource) keys.push('validation.option');
    if (field.rules?.some((r) => r.rule === 'mobile')) keys.push('validation.mobileUnallocated');
    if (field.confirmUnticked) keys.push(field.confirmUnticked.messageKey, field.confirmUnticked.nameKey);
    if (field.verifiedBy) keys.push('validation.identityLocked', 'common.verifiedByIdentity');
    if (field.unique) keys.push(field.unique.messageKey);
    if (field.lookup === 'dealer') keys.push('server.drUnknown');
    for (const rule of field.rules ?? []) {
      const parts = partsOf(rule, field);
      keys.push(...(parts.property ?? []).map((p) => p.key), ...(parts.cross ?? []).map((c) => c.key));
    }
  }
  return keys.filter((key): key is string => typeof key === 'string');
}

/** Every translation key a step's document uses: the studio's translation table. */
export function translationKeysOfStep(step: StepSchema): string[] {
  const keys = [step.titleKey, step.descriptionKey, step.atLeastOne?.messageKey, ...walkFields(step.fields).flatMap(({ field }) => translationKeysOf(field))];
  return [...new Set(keys.filter((key): key is string => typeof key === 'string'))];
}

function fieldReferencesOf(field: ValueField): string[] {
  return (field.rules ?? []).flatMap((rule) => {
    if (rule.rule === 'mobile') return [rule.areaCodeField];
    if (rule.rule === 'notMalaysianPassport') return rule.nationalityField ? [rule.identityTypeField, rule.nationalityField] : [rule.identityTypeField];
    return [];
  });
}

/** What keeps a studio document's compile small whatever it says (the compile is linear in these). */
export const DOCUMENT_LIMITS = { fields: 400, ruleDepth: 8, ruleNodes: 4000, expandedPerField: 200, expandedInAll: 5000 } as const;

/**
 * How many conditions deciding each field's visibility takes once the rules it reads are followed
 * (a field is visible only when the fields its rule reads are). A validator evaluates them that way,
 * so a web of fields each reading the two before grows like Fibonacci: bounded here, and the lint
 * names the field that passes the bound. Cycles and unknown fields are the compile's to report.
 */
function expandedConditions(entries: { field: Field; ancestors: Rule[] }[]): Map<string, number> {
  const own = new Map(entries.map(({ field, ancestors }) => [field.id, [...ancestors, ...(field.visibleWhen ? [field.visibleWhen] : [])]]));
  const cost = new Map<string, number>();
  const visiting = new Set<string>();
  const of = (id: string): number => {
    const known = cost.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id) || !own.has(id)) return 0;
    visiting.add(id);
    const rules = own.get(id)!;
    const total = rules.reduce((sum, rule) => sum + ruleNodes(rule), 0) + [...new Set(rules.flatMap(fieldsOfRule))].reduce((sum, dependency) => sum + of(dependency), 0);
    visiting.delete(id);
    cost.set(id, Math.min(total, Number.MAX_SAFE_INTEGER));
    return total;
  };
  for (const { field } of entries) of(field.id);
  return cost;
}

function ruleDepth(rule: Rule): number {
  if ('all' in rule) return 1 + Math.max(0, ...rule.all.map(ruleDepth));
  if ('any' in rule) return 1 + Math.max(0, ...rule.any.map(ruleDepth));
  if ('not' in rule) return 1 + ruleDepth(rule.not);
  return 1;
}
function ruleNodes(rule: Rule): number {
  if ('all' in rule) return 1 + rule.all.reduce((sum, r) => sum + ruleNodes(r), 0);
  if ('any' in rule) return 1 + rule.any.reduce((sum, r) => sum + ruleNodes(r), 0);
  if ('not' in rule) return 1 + ruleNodes(rule.not);
  return 1;
}

/** Rule parameters the meta-schema cannot relate: a range's ends in order. */
function parameterProblems(rule: ValidationRule): string[] {
  const { min, max } = rule as { min?: number; max?: number };
  if (min !== undefined && max !== undefined && min > max) return [`rule "${rule.rule}": min (${min}) is more than max (${max})`];
  return [];
}

/** The behaviour words (step-behaviour.ts) name fields that exist, with values of the kind they need. */
function behaviourProblems(step: StepSchema): { reason: string; field?: string }[] {
  const problems: { reason: string; field?: string }[] = [];
  const fields = new Map(walkFields(step.fields).flatMap(({ field }) => (isValueField(field) ? [[field.id, field] as const] : [])));
  for (const id of step.atLeastOne?.fields ?? []) {
    const field = fields.get(id);
    if (!field) problems.push({ reason: `atLeastOne names the unknown field "${id}"` });
    else if (field.valueType !== 'boolean') problems.push({ reason: `atLeastOne needs fields that are ticked (boolean), not ${field.valueType}`, field: id });
  }
  const columnOf = (projection: Projection) => (typeof projection === 'string' ? projection : projection.column);
  const writers = new Map<string, string[]>();
  for (const field of fields.values()) {
    if (field.unique && field.valueType !== 'string') problems.push({ reason: `a unique value is a string, not ${field.valueType}`, field: field.id });
    if (field.unique?.scope === 'phone' && !field.rules?.some((rule) => rule.rule === 'mobile'))
      problems.push({ reason: 'a unique phone needs the mobile rule, which names its area code field', field: field.id });
    if (field.lookup && field.valueType !== 'string') problems.push({ reason: `a looked-up value is a string, not ${field.valueType}`, field: field.id });
    for (const projection of field.projectTo ?? []) {
      const column = columnOf(projection);
      const holds = PROJECTION_COLUMNS[column];
      const needs = field.valueType;
      const fits = typeof projection === 'string' ? holds === needs : 'bit' in projection ? holds === 'bits' && needs === 'boolean' : holds === 'boolean';
      if (!fits) problems.push({ reason: `projectTo "${column}" holds ${holds}; this field gives ${needs}${typeof projection === 'string' ? '' : 'bit' in projection ? ' (a bit is set by a ticked box)' : ' (equals gives a boolean)'}`, field: field.id });
      if (typeof projection === 'string') writers.set(column, [...(writers.get(column) ?? []), field.dataKey]);
    }
  }
  // Fields sharing one dataKey (one shown per identity type) may copy it to one column; different values may not.
  for (const [column, dataKeys] of writers)
    if (new Set(dataKeys).size > 1) problems.push({ reason: `projectTo "${column}" is given by more than one value (${[...new Set(dataKeys)].join(', ')})` });
  return problems;
}

const leafTypeFor = (field: ValueField) => (field.valueType === 'stringList' || field.dataPart ? 'string' : field.valueType);

export function lintSteps({ steps, dictionaries, locales, metaSchema }: LintInput): LintProblem[] {
  const problems: LintProblem[] = [];
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validateMeta = ajv.compile(metaSchema);

  for (const { file, document } of steps) {
    const report = (reason: string, field?: string) => problems.push({ file, ...(field ? { field } : {}), reason });
    const kindProblems = walkRaw(document).filter((f) => !(FIELD_KINDS as readonly string[]).includes(String(f.kind)));
    for (const f of kindProblems) report(`unknown kind "${String(f.kind)}" (known: ${FIELD_KINDS.join(', ')})`, String(f.id ?? '?'));
    if (!validateMeta(document)) {
      if (kindProblems.length === 0)
        for (const error of validateMeta.errors ?? [])
          problems.push({ file, pointer: error.instancePath, reason: `does not match the step meta-schema at ${error.instancePath || '/'}: ${error.message}` });
      continue;
    }
    const step = document as StepSchema;
    const entries = walkFields(step.fields).map((e) => e.field);
    if (entries.length > DOCUMENT_LIMITS.fields) {
      report(`the step has ${entries.length} fields; at most ${DOCUMENT_LIMITS.fields}`);
      continue;
    }
    const allRules = entries.flatMap(rulesOf);
    if (allRules.some((rule) => ruleDepth(rule) > DOCUMENT_LIMITS.ruleDepth)) report(`a visibility rule is nested more than ${DOCUMENT_LIMITS.ruleDepth} deep`);
    if (allRules.reduce((sum, rule) => sum + ruleNodes(rule), 0) > DOCUMENT_LIMITS.ruleNodes) report(`the visibility rules have more than ${DOCUMENT_LIMITS.ruleNodes} conditions in all`);
    const expanded = expandedConditions(walkFields(step.fields));
    let expandedInAll = 0;
    for (const [id, conditions] of expanded) {
      expandedInAll += conditions;
      if (conditions > DOCUMENT_LIMITS.expandedPerField)
        report(`its visibility takes ${conditions} conditions once the rules of the fields it reads are followed; at most ${DOCUMENT_LIMITS.expandedPerField}: make it read fewer fields, or fields whose own rules are simpler`, id);
    }
    if (expandedInAll > DOCUMENT_LIMITS.expandedInAll) report(`deciding every field's visibility takes ${expandedInAll} conditions; at most ${DOCUMENT_LIMITS.expandedInAll}`);
    const ids = new Set<string>();
    for (const field of entries) {
      if (ids.has(field.id)) report('duplicate id', field.id);
      ids.add(field.id);
    }
    for (const lang of REQUIRED_LANGUAGES) {
      for (const key of [step.titleKey, step.descriptionKey, step.atLeastOne?.messageKey].filter((k): k is string => !!k))
        if (!hasTranslation(locales[lang], key)) report(`translation key "${key}" is missing in ${lang}`);
    }
    for (const field of entries) {
      for (const rule of rulesOf(field)) {
        for (const name of fieldsOfRule(rule)) if (!ids.has(name)) report(`a rule names the unknown field "${name}"`, field.id);
        for (const key of contextKeysOfRule(rule))
          if (!(CONTEXT_KEYS as readonly string[]).includes(key)) report(`a rule names the unknown context key "${key}"`, field.id);
      }
      for (const lang of REQUIRED_LANGUAGES)
        for (const key of new Set(translationKeysOf(field)))
          if (!hasTranslation(locales[lang], key)) report(`translation key "${key}" is missing in ${lang}`, field.id);
      if (!isValueField(field)) continue;
      for (const rule of field.rules ?? []) for (const problem of parameterProblems(rule)) report(problem, field.id);
      for (const name of fieldReferencesOf(field)) if (!ids.has(name)) report(`a rule names the unknown field "${name}"`, field.id);
      if (field.dataSource && 'dictionary' in field.dataSource && !dictionaries[field.dataSource.dictionary])
        report(`unknown dictionary category "${field.dataSource.dictionary}"`, field.id);
      let path: ReturnType<typeof parseDataKey>;
      try {
        path = parseDataKey(field.dataKey);
      } catch (error) {
        report((error as Error).message, field.id);
        continue;
      }
      const leaf = payloadLeafType(step.payload, path);
      if (!leaf) report(`dataKey "${field.dataKey}" is not declared in the step's payload`, field.id);
      else if (leaf !== leafTypeFor(field)) report(`dataKey "${field.dataKey}" holds ${leaf} in the payload, but the field's valueType gives ${leafTypeFor(field)}`, field.id);
    }
    for (const problem of behaviourProblems(step)) report(problem.reason, problem.field);
    if (problems.some((p) => p.file === file)) continue;
    for (const problem of ruleValueProblems(step, dictionaries)) report(problem.reason, problem.field);
    if (problems.some((p) => p.file === file)) continue;
    try {
      compile(step, { dictionaries });
    } catch (error) {
      // Whatever stops the compile is the document's problem to report, never the caller's crash.
      report(error instanceof SchemaError ? error.message : `the step does not compile: ${(error as Error).message}`);
    }
  }
  return problems;
}

/** Fields of a document that may not match the meta-schema, for the kind check. */
function walkRaw(document: unknown): Record<string, unknown>[] {
  const fields = (document as { fields?: unknown })?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((f: Record<string, unknown>) => [f, ...walkRaw({ fields: f.children })]);
}

export const formatProblem = (p: LintProblem): string => `${p.file}${p.field ? ` › ${p.field}` : ''}: ${p.reason}`;
