// compile(step, { dictionaries, context }) turns a step document into what the renderer and the
// server need: a JSON Schema (for ajv, precompiled or not), a uiSchema (for @rjsf/core), a visibility
// predicate per field, and the payload mapping both ways.
import {
  CONTEXT_PROPERTY,
  allOf,
  evaluateRule,
  fieldsOfRule,
  ruleToJsonSchema,
  type FormData,
  type JsonSchema,
  type StepContext,
} from './rules.ts';
import { isValueField, walkFields, type Field, type Rule, type Scalar, type StepSchema, type ValueField } from './step-schema.ts';
import { partsOf, requiredMessageKey, type Message, type SemanticCheck } from './validation-rules.ts';
import { buildPayloadMapping, type Payload } from './payload.ts';
import { lockedValues, type VerifiedIdentity } from './verified-identity.ts';

export interface DictionaryEntry {
  value: Scalar;
  label?: Record<string, string>;
}
export type Dictionaries = Record<string, DictionaryEntry[]>;

export interface CompileOptions {
  dictionaries: Dictionaries;
  context?: StepContext;
  /** Rejected-reason field names of this step (SPEC §3); with mode "rejected" only these stay editable. */
  rejectedItems?: string[];
  /** What a successful identity check verified: fields with `verifiedBy` are set to it and locked. */
  verifiedIdentity?: VerifiedIdentity;
}

export interface FieldOption {
  value: Scalar;
  labelKey?: string;
  label?: Record<string, string>;
}

export interface MessageEntry extends Message {
  field: string;
}

export interface CompiledStep {
  step: StepSchema;
  context: StepContext;
  jsonSchema: JsonSchema;
  /**
   * The schema a renderer draws from: each field with its type only. Visibility, options and every
   * rule are the engine's (uiSchema and validateStep), so the renderer never drops or rewrites a value.
   */
  renderSchema: JsonSchema;
  uiSchema: Record<string, unknown>;
  valueFields: ValueField[];
  /** Visibility of every field (value fields, headers, cards, buttons), bound to the context. */
  visibility: Record<string, (data: FormData) => boolean>;
  /** Options offered for each field with a dataSource, after context filtering. */
  options: Record<string, FieldOption[]>;
  editable: Record<string, boolean>;
  /** Field id → the value the verified identity locks it to (empty before the identity check). */
  locked: Record<string, unknown>;
  /** ajv schemaPath prefix to the field and message it stands for. */
  messages: Record<string, MessageEntry>;
  semantic: Record<string, SemanticCheck[]>;
  isVisible(fieldId: string, data: FormData): boolean;
  toPayload(data: FormData): Payload;
  fromPayload(payload: Payload): FormData;
  /** Defaults, then saved payload values, then the verified identity and the context: what a form starts from. */
  initialData(payload?: Payload): FormData;
}

export class SchemaError extends Error {}

/** A record keyed by names from a document: no prototype, so "constructor" is absent until a field of that name is added. */
export const recordOf = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** A question to ask before saving: a box left unticked that the applicant may want ticked (SPEC §4 markets). */
export interface UntickedQuestion {
  field: string;
  messageKey: string;
  nameKey: string;
}

/** The questions for the boxes left unticked, in document order: each one is asked, one after another. */
export const untickedQuestions = (compiled: CompiledStep, data: FormData): UntickedQuestion[] =>
  compiled.valueFields
    .filter((f) => f.confirmUnticked && data[f.id] !== true && compiled.isVisible(f.id, data))
    .map((f) => ({ field: f.id, ...f.confirmUnticked! }));

function typeSchema(field: ValueField): JsonSchema {
  switch (field.valueType) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'stringList':
      return { type: 'array', items: { type: 'string' }, uniqueItems: true };
  }
}

function optionsOf(field: ValueField, dictionaries: Dictionaries): { all: FieldOption[]; rules: Map<Scalar, Rule> } {
  const rules = new Map<Scalar, Rule>();
  if (!field.dataSource) return { all: [], rules };
  if ('options' in field.dataSource) {
    for (const option of field.dataSource.options) if (option.visibleWhen) rules.set(option.value, option.visibleWhen);
    return { all: field.dataSource.options.map(({ value, labelKey }) => ({ value, labelKey })), rules };
  }
  const entries = dictionaries[field.dataSource.dictionary];
  if (!entries) throw new SchemaError(`${field.id}: unknown dictionary "${field.dataSource.dictionary}"`);
  const excluded = new Set(field.dataSource.exclude ?? []);
  return { all: entries.filter((e) => !excluded.has(e.value)).map(({ value, label }) => ({ value, label })), rules };
}

/**
 * Effective visibility: the field's own rule and its containers' rules (`own`), and the visibility of
 * every field those rules read (`reads`). Kept as a graph, not expanded: a field depending on two
 * fields that each depend on two more would otherwise copy their conditions again and again
 * (a chain of n fields, each reading the two before, copied Fibonacci(n) conditions). Cycles and
 * unknown fields are refused here.
 */
interface Visibility {
  own: Map<string, Rule | undefined>;
  reads: Map<string, string[]>;
  /** Fields in an order where every field comes after the fields it reads. */
  order: string[];
}

function visibilityGraph(step: StepSchema): Visibility {
  const entries = walkFields(step.fields);
  const own = new Map(entries.map(({ field, ancestors }) => [field.id, allOf([...ancestors, ...(field.visibleWhen ? [field.visibleWhen] : [])])]));
  const reads = new Map<string, string[]>();
  const order: string[] = [];
  const state = new Map<string, 'resolving' | 'done'>();
  const resolve = (id: string): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'resolving') throw new SchemaError(`visibility rules form a cycle through "${id}"`);
    if (!own.has(id)) throw new SchemaError(`a rule names the unknown field "${id}"`);
    state.set(id, 'resolving');
    const rule = own.get(id);
    const dependencies = rule ? [...new Set(fieldsOfRule(rule))] : [];
    for (const dependency of dependencies) resolve(dependency);
    reads.set(id, dependencies);
    state.set(id, 'done');
    order.push(id);
  };
  for (const { field } of entries) resolve(field.id);
  return { own, reads, order };
}

/** Whether a field has any visibility condition at all (its own, or through what it reads). */
function conditional(graph: Visibility): Set<string> {
  const result = new Set<string>();
  for (const id of graph.order) if (graph.own.get(id) || graph.reads.get(id)!.some((d) => result.has(d))) result.add(id);
  return result;
}

/**
 * The visibility conditions as JSON Schema. A field whose condition reads another conditional field,
 * and is read in turn, gets one definition, holding its own condition and references to the
 * definitions of the fields it reads; ajv compiles each once, so a chain costs its length. Any other
 * condition (its own rule, with at most conditions of that kind inside) is written where it is used:
 * copying it costs no more than a reference, and the phone downloads less.
 */
function visibilityDefinitions(graph: Visibility, conditionalFields: Set<string>): { defs: Record<string, JsonSchema>; refOf: (id: string) => JsonSchema | undefined } {
  const readByOthers = new Set([...graph.reads.values()].flat());
  const names = new Map<string, string>();
  graph.order.filter((id) => conditionalFields.has(id) && readByOthers.has(id) && graph.reads.get(id)!.some((read) => conditionalFields.has(read))).forEach((id, index) => names.set(id, `visible${index}`));
  const conditionOf = (id: string): JsonSchema => {
    const rule = graph.own.get(id);
    const parts = [...(rule ? [ruleToJsonSchema(rule)] : []), ...graph.reads.get(id)!.map(refOf).filter((ref): ref is JsonSchema => ref !== undefined)];
    return parts.length === 1 ? parts[0] : { allOf: parts };
  };
  function refOf(id: string): JsonSchema | undefined {
    if (names.has(id)) return { $ref: `#/$defs/${names.get(id)}` };
    return conditionalFields.has(id) ? conditionOf(id) : undefined;
  }
  const defs: Record<string, JsonSchema> = {};
  for (const [id, name] of names) defs[name] = conditionOf(id);
  return { defs, refOf };
}

/** The visibility predicate of every field: each evaluation decides each field once (memoised per call). */
function visibilityPredicates(graph: Visibility, context: StepContext): Record<string, (data: FormData) => boolean> {
  const decide = (id: string, data: FormData, memo: Map<string, boolean>): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const rule = graph.own.get(id);
    const visible = (!rule || evaluateRule(rule, data, context)) && graph.reads.get(id)!.every((dependency) => decide(dependency, data, memo));
    memo.set(id, visible);
    return visible;
  };
  const predicates = recordOf<(data: FormData) => boolean>();
  for (const id of graph.order) predicates[id] = graph.own.get(id) || graph.reads.get(id)!.length > 0 ? (data) => decide(id, data, new Map()) : () => true;
  return predicates;
}

/** A card whose every field is hidden is hidden too: an empty frame tells the applicant nothing.
 * Children first, so that a card holding only empty cards is empty as well. */
function hideEmptyContainers(fields: Field[], visibility: Record<string, (data: FormData) => boolean>): void {
  for (const field of fields) {
    if (!('children' in field) || field.children.length === 0) continue;
    hideEmptyContainers(field.children, visibility);
    const own = visibility[field.id];
    const children = field.children.map((child) => visibility[child.id]);
    visibility[field.id] = (data) => own(data) && children.some((visible) => visible(data));
  }
}

const uiWidgetFor = (field: ValueField): string => field.widget ?? field.kind;

/** The widgets a step draws (each value field's `ui:widget`): what a page loads before drawing it. */
export const widgetsOfStep = (step: StepSchema): string[] => [...new Set(walkFields(step.fields).map(({ field }) => field).filter(isValueField).map(uiWidgetFor))];

interface LayoutNode {
  id: string;
  kind: Field['kind'];
  labelKey?: string;
  helpKey?: string;
  action?: string;
  href?: string;
  children?: LayoutNode[];
}

const layoutOf = (fields: Field[]): LayoutNode[] =>
  fields.map((field) => {
    const node: LayoutNode = { id: field.id, kind: field.kind };
    if (field.labelKey) node.labelKey = field.labelKey;
    if (field.helpKey) node.helpKey = field.helpKey;
    if ('action' in field && field.action) node.action = field.action;
    if ('href' in field && field.href) node.href = field.href;
    if ('children' in field) node.children = layoutOf(field.children);
    return node;
  });

export function compile(step: StepSchema, options: CompileOptions): CompiledStep {
  const context = options.context ?? {};
  const graph = visibilityGraph(step);
  const { defs, refOf } = visibilityDefinitions(graph, conditional(graph));
  const valueFields = walkFields(step.fields)
    .map((entry) => entry.field)
    .filter(isValueField);

  const properties: Record<string, JsonSchema> = { [CONTEXT_PROPERTY]: { type: 'object' } };
  const required: string[] = [];
  const conditions: JsonSchema[] = [];
  const messages = recordOf<MessageEntry>();
  const semantic = recordOf<SemanticCheck[]>();
  const fieldOptions = recordOf<FieldOption[]>();
  const editable = recordOf<boolean>();
  const uiSchema: Record<string, unknown> = {
    'ui:order': [...valueFields.map((f) => f.id), CONTEXT_PROPERTY],
    'ui:options': { stepId: step.id, titleKey: step.titleKey, descriptionKey: step.descriptionKey, layout: layoutOf(step.fields) },
    [CONTEXT_PROPERTY]: { 'ui:widget': 'hidden' },
  };
  const rejected = new Set(options.rejectedItems ?? []);
  const lockedByRejection = context.mode === 'rejected';
  const locked = lockedValues(valueFields, options.verifiedIdentity);

  for (const field of valueFields) {
    const visibleWhen = refOf(field.id);
    properties[field.id] = typeSchema(field);

    // Constraints on the value, checked only while the field is visible.
    const constraints: Message[] = [];
    const constraintSchemas: JsonSchema[] = [];
    const { all: listedOptions, rules: optionRules } = optionsOf(field, options.dictionaries);
    // A stringList holds strings whatever the dictionary's value type: it travels as "1,3,999".
    const allOptions = field.valueType === 'stringList' ? listedOptions.map((o) => ({ ...o, value: String(o.value) })) : listedOptions;
    if (allOptions.length > 0) {
      const values = allOptions.map((o) => o.value);
      constraintSchemas.push(field.valueType === 'stringList' ? { items: { enum: values } } : { enum: values });
      constraints.push({ key: 'validation.option' });
    }
    const crossRules: { when: JsonSchema; schema: JsonSchema; message: Message }[] = [];
    for (const validation of field.rules ?? []) {
      const parts = partsOf(validation, field);
      for (const { schema, key, params } of parts.property ?? []) {
        constraintSchemas.push(schema);
        constraints.push({ key, params });
      }
      for (const { when, schema, key, params } of parts.cross ?? []) crossRules.push({ when, schema, message: { key, params } });
      if (parts.semantic) (semantic[field.id] ??= []).push(parts.semantic);
    }
    // An option hidden in this context (the margin account for non-Malaysians) is refused too.
    for (const [value, optionRule] of optionRules)
      crossRules.push({ when: ruleToJsonSchema({ not: optionRule }), schema: { not: { const: value } }, message: { key: 'validation.option' } });

    const isRequired = (field.rules ?? []).some((r) => r.rule === 'required');
    const messageAt = (path: string, message: Message) => (messages[path] = { field: field.id, ...message });
    if (!visibleWhen) {
      if (isRequired) required.push(field.id);
      if (constraintSchemas.length > 0) {
        properties[field.id] = { ...properties[field.id], allOf: constraintSchemas };
        constraints.forEach((m, i) => messageAt(`#/properties/${field.id}/allOf/${i}`, m));
      }
    } else if (isRequired || constraintSchemas.length > 0) {
      const then: JsonSchema = {};
      if (isRequired) then.required = [field.id];
      if (constraintSchemas.length > 0) then.properties = { [field.id]: { allOf: constraintSchemas } };
      const index = conditions.push({ if: visibleWhen, then }) - 1;
      constraints.forEach((m, i) => messageAt(`#/allOf/${index}/then/properties/${field.id}/allOf/${i}`, m));
    }
    for (const cross of crossRules) {
      const when = visibleWhen ? { allOf: [visibleWhen, cross.when] } : cross.when;
      const index = conditions.push({ if: when, then: { properties: { [field.id]: cross.schema } } }) - 1;
      messageAt(`#/allOf/${index}/then/properties/${field.id}`, cross.message);
    }

    const offered = allOptions.filter((o) => {
      const optionRule = optionRules.get(o.value);
      return !optionRule || evaluateRule(optionRule, {}, context);
    });
    if (field.dataSource) fieldOptions[field.id] = offered;
    editable[field.id] = !Object.hasOwn(locked, field.id) && (!lockedByRejection || (field.editable !== false && rejected.has(field.rejectItem ?? field.id)));

    uiSchema[field.id] = {
      'ui:widget': uiWidgetFor(field),
      ...(editable[field.id] ? {} : { 'ui:readonly': true }),
      'ui:options': {
        kind: field.kind,
        valueType: field.valueType,
        labelKey: field.labelKey,
        placeholderKey: field.placeholderKey,
        helpKey: field.helpKey,
        // Not "widget": RJSF reads ui:options.widget as the widget to use.
        customWidget: field.widget,
        cleaner: field.cleaner,
        inputMode: field.inputMode,
        required: isRequired,
        requiredMessageKey: requiredMessageKey(field),
        ...(Object.hasOwn(locked, field.id) ? { verified: true } : {}),
        ...(field.dataSource ? { options: offered } : {}),
        ...('dataSource' in field && field.dataSource && 'dictionary' in field.dataSource ? { dictionary: field.dataSource.dictionary } : {}),
      },
    };
  }

  const renderSchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries([[CONTEXT_PROPERTY, { type: 'object' }], ...valueFields.map((f) => [f.id, typeSchema(f)])]),
  };
  const jsonSchema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) jsonSchema.required = required;
  if (conditions.length > 0) jsonSchema.allOf = conditions;
  if (Object.keys(defs).length > 0) jsonSchema.$defs = defs;

  const visibility = visibilityPredicates(graph, context);
  hideEmptyContainers(step.fields, visibility);
  const isVisible = (fieldId: string, data: FormData) => (Object.hasOwn(visibility, fieldId) ? visibility[fieldId](data) : false);

  const mapping = buildPayloadMapping(valueFields);
  const defaults: FormData = {};
  for (const field of valueFields) if (field.default !== undefined) defaults[field.id] = field.default;

  return {
    step,
    context,
    jsonSchema,
    renderSchema,
    uiSchema,
    valueFields,
    visibility,
    options: fieldOptions,
    editable,
    locked,
    messages,
    semantic,
    isVisible,
    toPayload: (data) => mapping.toPayload(data, (id) => isVisible(id, data)),
    fromPayload: (payload) => mapping.fromPayload(payload),
    initialData: (payload) => ({ ...defaults, ...(payload ? mapping.fromPayload(payload) : {}), ...locked, [CONTEXT_PROPERTY]: context }),
  };
}
