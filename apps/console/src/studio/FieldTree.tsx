// The structured view of a step: its fields as a tree (add, move, duplicate, remove) and a form for
// the chosen field's kind, keys, data source, required rule and visibility. Every change is one of
// the engine's step edits, so the JSON text and this tree are two views of one document.
import {
  CONTEXT_KEYS,
  FIELD_KINDS,
  VALUE_TYPES,
  declarePayloadKey,
  duplicateField,
  fieldAt,
  fieldIds,
  insertField,
  isValueField,
  moveField,
  newField,
  parseDataKey,
  payloadLeafType,
  removeField,
  updateField,
  type Field,
  type FieldKind,
  type FieldPath,
  type Rule,
  type StepSchema,
  type ValidationRule,
  type ValueField,
} from '@kh/engine';
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import metaSchema from '../../../../schemas/meta/step.schema.json';
import { newRule, parameterValue, ruleForms, type RuleForm } from './rule-forms.ts';

const RULE_FORMS = ruleForms(metaSchema as Record<string, unknown>);

export interface FieldTreeProps {
  document: StepSchema;
  editable: boolean;
  selected: FieldPath | undefined;
  onSelect(path: FieldPath | undefined): void;
  onChange(document: StepSchema): void;
  /** Problems of the lint by field id. */
  problemsOf(id: string): string[];
  dictionaryNames: string[];
}

const childrenOf = (field: Field): Field[] | undefined => (field as { children?: Field[] }).children;
const samePath = (a: FieldPath | undefined, b: FieldPath) => !!a && a.length === b.length && a.every((n, i) => n === b[i]);

export function FieldTree(props: FieldTreeProps): ReactElement {
  const { t } = useTranslation('console');
  const { document, editable, selected, onSelect, onChange } = props;
  const [kind, setKind] = useState<FieldKind>('Select');
  const formId = useId();
  const chosen = selected ? fieldAt(document, selected) : undefined;

  const add = () => {
    const field = newField(document, kind);
    let next: StepSchema;
    let at: FieldPath;
    if (chosen && childrenOf(chosen)) {
      next = insertField(document, selected!, field);
      at = [...selected!, childrenOf(chosen)!.length];
    } else if (selected) {
      next = insertField(document, selected.slice(0, -1), field, selected.at(-1)! + 1);
      at = [...selected.slice(0, -1), selected.at(-1)! + 1];
    } else {
      next = insertField(document, [], field);
      at = [document.fields.length];
    }
    onChange(next);
    onSelect(at);
  };

  const rows = (fields: Field[], parent: FieldPath): ReactElement => (
    <ul className="studio-tree__list">
      {fields.map((field, index) => {
        const path = [...parent, index];
        const problems = props.problemsOf(field.id);
        const name = `${field.id} · ${field.kind}`;
        return (
          <li key={`${field.id}-${index}`}>
            <div className={`studio-tree__row${samePath(selected, path) ? ' studio-tree__row--chosen' : ''}`}>
              <button type="button" className="studio-tree__name" aria-pressed={samePath(selected, path)} onClick={() => onSelect(samePath(selected, path) ? undefined : path)}>
                {name}
                {problems.length > 0 && <span className="studio-bad"> · {t('studio.problems', { count: problems.length })}</span>}
              </button>
              {editable && (
                <span className="studio-tree__actions">
                  <button type="button" aria-label={t('studio.tree.up', { name: field.id })} disabled={index === 0} onClick={() => (onChange(moveField(document, path, -1)), onSelect([...parent, index - 1]))}>
                    ↑
                  </button>
                  <button type="button" aria-label={t('studio.tree.down', { name: field.id })} disabled={index === fields.length - 1} onClick={() => (onChange(moveField(document, path, 1)), onSelect([...parent, index + 1]))}>
                    ↓
                  </button>
                  <button type="button" aria-label={t('studio.tree.duplicate', { name: field.id })} onClick={() => (onChange(duplicateField(document, path)), onSelect([...parent, index + 1]))}>
                    ⊞
                  </button>
                  <button type="button" aria-label={t('studio.tree.remove', { name: field.id })} onClick={() => (onChange(removeField(document, path)), onSelect(undefined))}>
                    ✕
                  </button>
                </span>
              )}
            </div>
            {childrenOf(field) && childrenOf(field)!.length > 0 && rows(childrenOf(field)!, path)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className="studio-tree">
      {editable && (
        <div className="studio-tree__add">
          <label htmlFor={`${formId}-new-kind`}>{t('studio.tree.kind')}</label>
          <select id={`${formId}-new-kind`} value={kind} onChange={(event) => setKind(event.target.value as FieldKind)}>
              {FIELD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
          </select>
          <button type="button" className="console-button" onClick={add}>
            {t('studio.tree.add')}
          </button>
        </div>
      )}
      {rows(document.fields, [])}
      {chosen && selected && <FieldForm key={selected.join('.')} {...props} field={chosen} path={selected} />}
    </div>
  );
}

/** A scalar as typed: true/false and numbers as themselves, anything else a string. */
const scalarOf = (text: string): string | number | boolean => (text === 'true' ? true : text === 'false' ? false : text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text);
const scalarsOf = (text: string) => text.split(',').map((part) => scalarOf(part.trim())).filter((v) => v !== '');

type SimpleRule = { source: string; operator: 'eq' | 'in' | 'notIn' | 'filled'; value: string };
/** A one-condition rule as the form edits it; undefined for a compound rule (all, any, not, hasBit…). */
function simpleRule(rule: Rule | undefined): SimpleRule | undefined {
  if (!rule) return { source: '', operator: 'eq', value: '' };
  const r = rule as Record<string, unknown>;
  const source = typeof r.field === 'string' ? `field:${r.field}` : typeof r.context === 'string' ? `context:${r.context}` : undefined;
  if (!source) return undefined;
  if ('eq' in r) return { source, operator: 'eq', value: String(r.eq) };
  if ('in' in r) return { source, operator: 'in', value: (r.in as unknown[]).join(', ') };
  if ('notIn' in r) return { source, operator: 'notIn', value: (r.notIn as unknown[]).join(', ') };
  if ('filled' in r && typeof r.field === 'string') return { source, operator: 'filled', value: String(r.filled) };
  return undefined;
}
function ruleOf({ source, operator, value }: SimpleRule): Rule | undefined {
  if (!source) return undefined;
  const [kind, name] = source.split(':') as ['field' | 'context', string];
  const base = { [kind]: name };
  if (operator === 'filled') return { ...base, filled: value !== 'false' } as Rule;
  if (operator === 'eq') return { ...base, eq: scalarOf(value) } as Rule;
  return { ...base, [operator]: scalarsOf(value) } as Rule;
}

function FieldForm({ document, editable, onChange, problemsOf, dictionaryNames, field, path }: FieldTreeProps & { field: Field; path: FieldPath }): ReactElement {
  const { t } = useTranslation('console');
  const id = useId();
  const set = (changes: Record<string, unknown>) => onChange(updateField(document, path, changes));
  const valueField = isValueField(field) ? (field as ValueField) : undefined;
  // Labels name their control by id: a label wrapping a text box would take its value into the name.
  const row = (name: string, label: string, control: ReactElement) => (
    <div className="studio-form__row">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {control}
    </div>
  );
  const text = (name: keyof Field | keyof ValueField, label: string) =>
    row(name, label, <input id={`${id}-${name}`} value={String((field as unknown as Record<string, unknown>)[name] ?? '')} readOnly={!editable} onChange={(event) => set({ [name]: event.target.value === '' && name !== 'id' ? undefined : event.target.value })} />);
  const required = valueField?.rules?.some((r) => r.rule === 'required') ?? false;
  const source = valueField?.dataSource ? ('dictionary' in valueField.dataSource ? 'dictionary' : 'options') : 'none';
  const rule = simpleRule(field.visibleWhen);
  const otherIds = [...fieldIds(document)].filter((other) => other !== field.id);
  const declared = valueField ? payloadLeafType(document.payload, safeSegments(valueField.dataKey)) : undefined;
  const leaf = valueField ? (valueField.valueType === 'stringList' ? 'string' : (valueField.valueType as 'string' | 'number' | 'boolean')) : 'string';
  const problems = problemsOf(field.id);

  return (
    <fieldset className="studio-form" disabled={!editable}>
      <legend>{t('studio.form.title', { name: field.id })}</legend>
      {problems.length > 0 && (
        <ul className="studio-form__problems" aria-label={t('studio.lint')}>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {text('id', t('studio.form.id'))}
      {row(
        'kind',
        t('studio.tree.kind'),
        <select id={`${id}-kind`} value={field.kind} onChange={(event) => set({ kind: event.target.value })}>
          {FIELD_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>,
      )}
      {text('labelKey', t('studio.form.labelKey'))}
      {valueField && (
        <>
          {text('dataKey', t('studio.form.dataKey'))}
          {declared === undefined && editable && (
            <p className="studio-form__note">
              {t('studio.form.undeclared', { key: valueField.dataKey })}{' '}
              <button
                type="button"
                className="console-button"
                onClick={() => {
                  const next = declarePayloadKey(document, valueField.dataKey, leaf);
                  if (next) onChange(next);
                }}
              >
                {t('studio.form.declare', { type: leaf })}
              </button>
            </p>
          )}
          {row(
            'valueType',
            t('studio.form.valueType'),
            <select id={`${id}-valueType`} value={valueField.valueType} onChange={(event) => set({ valueType: event.target.value })}>
              {VALUE_TYPES.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>,
          )}
          {text('placeholderKey', t('studio.form.placeholderKey'))}
          <label className="studio-form__check">
            <input
              type="checkbox"
              checked={required}
              onChange={(event) => {
                const others = (valueField.rules ?? []).filter((r) => r.rule !== 'required');
                const rules = event.target.checked ? [{ rule: 'required' }, ...others] : others;
                set({ rules: rules.length ? rules : undefined });
              }}
            />
            <span>{t('studio.form.required')}</span>
          </label>
          <RulesForm rules={valueField.rules ?? []} fieldIds={otherIds} onChange={(rules) => set({ rules: rules.length ? rules : undefined })} />
          {row(
            'dataSource',
            t('studio.form.dataSource'),
            <select
              id={`${id}-dataSource`}
              value={source}
              onChange={(event) => {
                const value = event.target.value;
                set({ dataSource: value === 'dictionary' ? { dictionary: dictionaryNames[0] } : value === 'options' ? { options: [{ value: '1', labelKey: `option.${field.id}.first` }] } : undefined });
              }}
            >
              <option value="none">{t('studio.form.sourceNone')}</option>
              <option value="dictionary">{t('studio.form.sourceDictionary')}</option>
              <option value="options">{t('studio.form.sourceOptions')}</option>
            </select>,
          )}
          {valueField.dataSource &&
            'dictionary' in valueField.dataSource &&
            row(
              'dictionary',
              t('studio.form.dictionary'),
              <select id={`${id}-dictionary`} value={valueField.dataSource.dictionary} onChange={(event) => set({ dataSource: { ...valueField.dataSource, dictionary: event.target.value } })}>
                {dictionaryNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>,
            )}
          {valueField.dataSource && 'options' in valueField.dataSource && (
            <div className="studio-form__options">
              {valueField.dataSource.options.map((option, index) => {
                const options = (valueField.dataSource as unknown as { options: Record<string, unknown>[] }).options;
                const change = (changes: Record<string, unknown>) => set({ dataSource: { options: options.map((o, i) => (i === index ? { ...o, ...changes } : o)) } });
                return (
                  <div key={index} className="studio-form__option">
                    <input aria-label={t('studio.form.optionValue', { n: index + 1 })} value={String(option.value)} onChange={(event) => change({ value: scalarOf(event.target.value) })} />
                    <input aria-label={t('studio.form.optionLabel', { n: index + 1 })} value={option.labelKey ?? ''} onChange={(event) => change({ labelKey: event.target.value })} />
                    <button type="button" aria-label={t('studio.form.optionRemove', { n: index + 1 })} disabled={options.length === 1} onClick={() => set({ dataSource: { options: options.filter((_, i) => i !== index) } })}>
                      ✕
                    </button>
                  </div>
                );
              })}
              <button type="button" className="console-button" onClick={() => set({ dataSource: { options: [...(valueField.dataSource as { options: unknown[] }).options, { value: '', labelKey: '' }] } })}>
                {t('studio.form.optionAdd')}
              </button>
            </div>
          )}
        </>
      )}
      <div className="studio-form__rule" role="group" aria-labelledby={`${id}-visible`}>
        <span id={`${id}-visible`}>{t('studio.form.visibleWhen')}</span>
        {rule ? (
          <>
            <select aria-label={t('studio.form.ruleSource')} value={rule.source} onChange={(event) => set({ visibleWhen: ruleOf({ ...rule, source: event.target.value }) })}>
              <option value="">{t('studio.form.always')}</option>
              <optgroup label={t('studio.form.fields')}>
                {otherIds.map((other) => (
                  <option key={other} value={`field:${other}`}>
                    {other}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('studio.form.context')}>
                {CONTEXT_KEYS.map((key) => (
                  <option key={key} value={`context:${key}`}>
                    {key}
                  </option>
                ))}
              </optgroup>
            </select>
            {rule.source && (
              <>
                <select aria-label={t('studio.form.ruleOperator')} value={rule.operator} onChange={(event) => set({ visibleWhen: ruleOf({ ...rule, operator: event.target.value as SimpleRule['operator'] }) })}>
                  {(['eq', 'in', 'notIn', 'filled'] as const).map((operator) => (
                    <option key={operator} value={operator}>
                      {t(`studio.form.operator.${operator}`)}
                    </option>
                  ))}
                </select>
                <input aria-label={t('studio.form.ruleValue')} value={rule.value} onChange={(event) => set({ visibleWhen: ruleOf({ ...rule, value: event.target.value }) })} />
              </>
            )}
          </>
        ) : (
          <p className="studio-form__note">{t('studio.form.compoundRule')}</p>
        )}
      </div>
    </fieldset>
  );
}

/** A dataKey's segments, or none for one half typed (the lint names it). */
function safeSegments(dataKey: string) {
  try {
    return parseDataKey(dataKey);
  } catch {
    return [];
  }
}

/** The field's rules other than "required" (its own checkbox): each a name and the parameters the meta-schema gives it. */
function RulesForm({ rules, fieldIds: ids, onChange }: { rules: ValidationRule[]; fieldIds: string[]; onChange(rules: ValidationRule[]): void }): ReactElement {
  const { t } = useTranslation('console');
  const formOf = (name: string): RuleForm => RULE_FORMS.find((f) => f.rule === name) ?? { rule: name, parameters: [] };
  const choices = RULE_FORMS.filter((f) => f.rule !== 'required');
  const replace = (index: number, rule: Record<string, unknown>) => onChange(rules.map((r, i) => (i === index ? (rule as ValidationRule) : r)));
  const captionId = useId();
  return (
    <div className="studio-form__rules" role="group" aria-labelledby={captionId}>
      <span id={captionId} className="studio-form__caption">
        {t('studio.form.rules')}
      </span>
      {rules.map((rule, index) => ({ rule, index })).filter(({ rule }) => rule.rule !== 'required').map(({ rule, index }, position) => {
        const values = rule as unknown as Record<string, unknown>;
        const n = position + 1;
        return (
          <div key={index} className="studio-form__option">
            <select aria-label={t('studio.form.ruleName', { n })} value={rule.rule} onChange={(event) => replace(index, newRule(formOf(event.target.value), ids[0] ?? ''))}>
              {choices.map((f) => (
                <option key={f.rule} value={f.rule}>
                  {f.rule}
                </option>
              ))}
            </select>
            <span className="studio-form__parameters">
              {formOf(rule.rule).parameters.map((parameter) => {
                const label = t('studio.form.ruleParameter', { n, name: parameter.name });
                const value = values[parameter.name];
                const change = (text: string) => replace(index, { ...values, [parameter.name]: text === '' && !parameter.required ? undefined : parameterValue(parameter.kind, text) });
                return parameter.kind === 'field' ? (
                  <select key={parameter.name} aria-label={label} value={String(value ?? '')} onChange={(event) => change(event.target.value)}>
                    {!parameter.required && <option value="">—</option>}
                    {ids.map((id) => (
                      <option key={id} value={id}>
                        {id}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input key={parameter.name} aria-label={label} placeholder={parameter.name} value={Array.isArray(value) ? value.join(', ') : String(value ?? '')} inputMode={parameter.kind === 'integer' ? 'numeric' : undefined} onChange={(event) => change(event.target.value)} />
                );
              })}
            </span>
            <button type="button" aria-label={t('studio.form.ruleRemove', { n })} onClick={() => onChange(rules.filter((_, i) => i !== index))}>
              ✕
            </button>
          </div>
        );
      })}
      <button type="button" className="console-button" onClick={() => onChange([...rules, newRule(choices[0]!, ids[0] ?? '') as ValidationRule])}>
        {t('studio.form.ruleAdd')}
      </button>
    </div>
  );
}
