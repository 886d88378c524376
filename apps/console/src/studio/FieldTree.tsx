// The structured view of a step: its fields as a tree (add, move, duplicate, remove) and a form for
// the chosen field's kind, keys, data source, required rule and visibility. Every change is one of
// the engine's step edits, so the JSON text and this tree are two views of one document.
import {
  CONTEXT_KEYS,
  FIELD_KINDS,
  VALUE_TYPES,
  declarePayloadKey,
  dependentsOfField,
  duplicateField,
  hasDependents,
  fieldAt,
  fieldIds,
  insertField,
  isValueField,
  moveField,
  newField,
  parseDataKey,
  payloadLeafType,
  removeField,
  renameField,
  STUDIO_LANGUAGES,
  updateField,
  valuesOfField,
  type Dictionaries,
  type Field,
  type FieldKind,
  type FieldPath,
  type Rule,
  type StepSchema,
  type StepTranslations,
  type StudioLanguage,
  type ValidationRule,
  type ValueField,
} from '@kh/engine';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import metaSchema from '../../../../schemas/meta/step.schema.json';
import type { FieldFigures } from './types.ts';
import { newRule, parameterValue, ruleForms, type RuleForm } from './rule-forms.ts';
import { parseChoices } from './choice-paste.ts';
import { fieldName, ruleOverview, ruleSentence, valueFieldsById, valueName, type RuleWords } from './rule-sentence.ts';
import { CONSOLE_LANGUAGES } from '../i18n.ts';

const LANGUAGE_NAMES: Record<string, string> = Object.fromEntries(CONSOLE_LANGUAGES);

const RULE_FORMS = ruleForms(metaSchema as Record<string, unknown>);

export interface FieldTreeProps {
  document: StepSchema;
  editable: boolean;
  selected: FieldPath | undefined;
  onSelect(path: FieldPath | undefined): void;
  /** A structured edit; `typing` for a text box's keystrokes (one undo step per pause), `textKeys` when texts move to new keys. */
  onChange(document: StepSchema, how?: { typing?: boolean; textKeys?: [string, string][]; texts?: StepTranslations }): void;
  /** The text a key shows in a language, the editor's by default (the version's own, else the shipped one). */
  textOf(key: string, language?: StudioLanguage): string;
  /** Sets a key's text in a language, the editor's by default. */
  onText(key: string, text: string, language?: StudioLanguage): void;
  /** The dictionaries' entries: a rule's values by their labels. */
  dictionaries: Dictionaries;
  /** The open review threads on a field: marked on its row. */
  openThreadsOf?(id: string): number;
  /** The data keys of the version this one started from: a rename keeps those unless asked, and carries a new field's. */
  knownDataKeys: ReadonlySet<string>;
  /** The editor's language, named in its own words ("English"). */
  languageName: string;
  /** What applicants did at a field of this version (the funnel's last 30 days), when there is anything. */
  figuresOf?(id: string): FieldFigures | undefined;
  /** Problems of the lint by field id. */
  problemsOf(id: string): string[];
  dictionaryNames: string[];
}

/** What a palette drag carries: a field kind, under a type of our own (a dragged file or text is not one). */
const PALETTE_TYPE = 'application/x-kh-field-kind';
const childrenOf = (field: Field): Field[] | undefined => (field as { children?: Field[] }).children;
const samePath = (a: FieldPath | undefined, b: FieldPath) => !!a && a.length === b.length && a.every((n, i) => n === b[i]);

export function FieldTree(props: FieldTreeProps): ReactElement {
  const { t, i18n } = useTranslation('console');
  const { document, editable, selected, onSelect, onChange } = props;
  const [kind, setKind] = useState<FieldKind>('Select');
  const [editingLabel, setEditingLabel] = useState<FieldPath>();
  const formId = useId();
  const chosen = selected ? fieldAt(document, selected) : undefined;

  /** A new field of a kind dropped on a row: after it, among its siblings. */
  const dropAfter = (path: FieldPath, dropped: FieldKind) => {
    const at = [...path.slice(0, -1), path.at(-1)! + 1];
    onChange(insertField(document, path.slice(0, -1), newField(document, dropped), at.at(-1)!));
    onSelect(at);
  };
  /** A field kind dragged from the palette, if this drag carries one. */
  const draggedKind = (event: DragEvent): FieldKind | undefined => {
    const value = event.dataTransfer.getData(PALETTE_TYPE);
    return (FIELD_KINDS as readonly string[]).includes(value) ? (value as FieldKind) : undefined;
  };
  const [dropTarget, setDropTarget] = useState<string>();

  const add = (addedKind: FieldKind = kind) => {
    const field = newField(document, addedKind);
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

  const list = (items: string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items);
  /** What removing the field would break, as a question; none when nothing depends on it. */
  const removalQuestion = (path: FieldPath): string | undefined => {
    const dependents = dependentsOfField(document, path);
    if (!hasDependents(dependents)) return undefined;
    const reasons = [
      dependents.columns.length > 0 && t('studio.tree.removeColumns', { columns: list(dependents.columns) }),
      dependents.unique && t('studio.tree.removeUnique'),
      dependents.verifiedBy && t('studio.tree.removeVerified', { fact: dependents.verifiedBy }),
      dependents.readBy.length > 0 && t('studio.tree.removeReadBy', { fields: list(dependents.readBy.map((id) => nameOf(props, id))) }),
      dependents.dataKey && t('studio.tree.removeDataKey', { key: dependents.dataKey }),
    ].filter(Boolean);
    return t('studio.tree.removeAsk', { name: nameOf(props, fieldAt(document, path)!.id), reasons: reasons.join(' ') });
  };
  const rows = (fields: Field[], parent: FieldPath): ReactElement => (
    <ul className="studio-tree__list">
      {fields.map((field, index) => {
        const path = [...parent, index];
        const problems = props.problemsOf(field.id);
        const label = field.labelKey ? props.textOf(field.labelKey) : '';
        const editing = editingLabel !== undefined && samePath(editingLabel, path);
        return (
          <li key={`${field.id}-${index}`}>
            <div
              className={`studio-tree__row${samePath(selected, path) ? ' studio-tree__row--chosen' : ''}${dropTarget === path.join('.') ? ' studio-tree__row--drop' : ''}`}
              onDragOver={(event) => {
                if (!editable || !event.dataTransfer.types.includes(PALETTE_TYPE)) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'copy';
                setDropTarget(path.join('.'));
              }}
              onDragLeave={() => setDropTarget(undefined)}
              onDrop={(event) => {
                const dropped = draggedKind(event);
                setDropTarget(undefined);
                if (!editable || !dropped) return;
                event.preventDefault();
                dropAfter(path, dropped);
              }}
            >
              {editing && field.labelKey ? (
                <LabelInput
                  label={t('studio.tree.labelIn', { name: field.id, language: props.languageName })}
                  initial={label}
                  onDone={(text) => {
                    if (text !== undefined && text !== label) props.onText(field.labelKey!, text);
                    setEditingLabel(undefined);
                  }}
                />
              ) : (
                <button type="button" className="studio-tree__name" aria-pressed={samePath(selected, path)} onClick={() => onSelect(samePath(selected, path) ? undefined : path)}>
                  {/* The editor reads the label as the applicant will, in the editor's language; the id and kind after it. */}
                  <span className={label ? 'studio-tree__label' : 'studio-tree__label studio-tree__label--none'}>{label || t('studio.tree.noText')}</span>{' '}
                  <span className="studio-tree__id">
                    {field.id} · {field.kind}
                  </span>
                  {problems.length > 0 && <span className="studio-bad"> · {t('studio.problems', { count: problems.length })}</span>}
                  <FieldFiguresText figures={props.figuresOf?.(field.id)} />
                  {(props.openThreadsOf?.(field.id) ?? 0) > 0 && <span className="studio-tree__threads"> · 💬 {t('studio.openThreads', { count: props.openThreadsOf!(field.id) })}</span>}
                </button>
              )}
              {editable && (
                <span className="studio-tree__actions">
                  {field.labelKey && !editing && (
                    <button type="button" aria-label={t('studio.tree.editLabel', { name: field.id })} onClick={() => setEditingLabel(path)}>
                      ✎
                    </button>
                  )}
                  <button type="button" aria-label={t('studio.tree.up', { name: field.id })} disabled={index === 0} onClick={() => (onChange(moveField(document, path, -1)), onSelect([...parent, index - 1]))}>
                    ↑
                  </button>
                  <button type="button" aria-label={t('studio.tree.down', { name: field.id })} disabled={index === fields.length - 1} onClick={() => (onChange(moveField(document, path, 1)), onSelect([...parent, index + 1]))}>
                    ↓
                  </button>
                  <button type="button" aria-label={t('studio.tree.duplicate', { name: field.id })} onClick={() => (onChange(duplicateField(document, path)), onSelect([...parent, index + 1]))}>
                    ⊞
                  </button>
                  <button
                    type="button"
                    aria-label={t('studio.tree.remove', { name: field.id })}
                    onClick={() => {
                      // A field something else depends on goes only once the editor has read what.
                      const question = removalQuestion(path);
                      if (question && !window.confirm(question)) return;
                      onChange(removeField(document, path));
                      onSelect(undefined);
                    }}
                  >
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
          <button type="button" className="console-button" onClick={() => add()}>
            {t('studio.tree.add')}
          </button>
        </div>
      )}
      {editable && (
        // Each kind dragged onto a row goes in after it; pressed (the keyboard's way), after the field chosen.
        <div className="studio-palette" role="group" aria-label={t('studio.tree.palette')}>
          {FIELD_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              draggable
              className="studio-palette__kind"
              aria-label={t('studio.tree.paletteKind', { kind: k })}
              onDragStart={(event) => {
                event.dataTransfer.setData(PALETTE_TYPE, k);
                event.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => add(k)}
            >
              {k}
            </button>
          ))}
        </div>
      )}
      {rows(document.fields, [])}
      {chosen && selected && <FieldForm key={selected.join('.')} {...props} field={chosen} path={selected} />}
      <RulesOverview {...props} />
    </div>
  );
}

/** The words a rule is read back in: the editor's language, the document's labels and the dictionaries. */
function useRuleWords(props: Pick<FieldTreeProps, 'textOf' | 'dictionaries'>): RuleWords {
  const { t, i18n } = useTranslation('console');
  return { language: i18n.language, t: (key, options) => String(t(key, options as never)), textOf: (key) => props.textOf(key), dictionaries: props.dictionaries };
}

/** Every rule of the step, as a sentence, with the fields it reads and those reading it. */
function RulesOverview(props: FieldTreeProps): ReactElement {
  const { t, i18n } = useTranslation('console');
  const words = useRuleWords(props);
  const headingId = useId();
  const rules = ruleOverview(props.document, words);
  const named = (id: string) => nameOf(props, id);
  const list = (ids: string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(ids.map(named));
  return (
    <section className="studio-rules" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('studio.rule.overview')}</h2>
      {rules.length === 0 ? (
        <p>{t('studio.rule.overviewNone')}</p>
      ) : (
        <ul>
          {rules.map((rule) => (
            <li key={rule.id}>
              <strong>{named(rule.id)}</strong>: {rule.sentence ? t('studio.rule.shownWhen', { sentence: rule.sentence }) : t('studio.rule.alwaysShown')}
              {rule.reads.length > 0 && <span className="studio-rules__links"> · {t('studio.rule.reads', { fields: list(rule.reads) })}</span>}
              {rule.readBy.length > 0 && <span className="studio-rules__links"> · {t('studio.rule.readBy', { fields: list(rule.readBy) })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A field's name as an editor reads it: its label in their language, else its id. */
const nameOf = (props: Pick<FieldTreeProps, 'document' | 'textOf'>, id: string): string => fieldName(props.document, id, (key) => props.textOf(key));

/** A text of the field in each of the three languages, side by side; a missing one says so. */
function TextsInThreeLanguages({ what, textKey, props }: { what: string; textKey: string; props: FieldTreeProps }): ReactElement {
  const { t } = useTranslation('console');
  return (
    <div className="studio-form__texts" role="group" aria-label={what}>
      <span className="studio-form__caption">{what}</span>
      {STUDIO_LANGUAGES.map((language) => {
        const value = props.textOf(textKey, language);
        const name = t('studio.form.textIn', { what, language: LANGUAGE_NAMES[language] ?? language });
        return (
          <span key={language} className="studio-form__text">
            <span className="studio-form__language" aria-hidden="true">
              {LANGUAGE_NAMES[language] ?? language}
            </span>
            <input
              lang={language}
              aria-label={name}
              placeholder={t('studio.form.missing')}
              className={value ? undefined : 'studio-form__missing'}
              value={value}
              readOnly={!props.editable}
              onChange={(event) => props.onText(textKey, event.target.value, language)}
            />
          </span>
        );
      })}
    </div>
  );
}

/** "12 filled · 3 held back · 1 left here": small figures after a field's name. */
function FieldFiguresText({ figures }: { figures: FieldFigures | undefined }): ReactElement | null {
  const { t } = useTranslation('console');
  if (!figures) return null;
  const heldBack = Object.values(figures.errors).reduce((sum, n) => sum + n, 0);
  const rules = Object.entries(figures.errors)
    .map(([rule, n]) => `${rule} ${n}`)
    .join(', ');
  return (
    <span className="studio-tree__figures" title={rules || undefined}>
      {' '}
      {[t('studio.funnel.filled', { count: figures.filled }), heldBack > 0 && t('studio.funnel.heldBack', { count: heldBack }), figures.leftHere > 0 && t('studio.funnel.leftHere', { count: figures.leftHere })].filter(Boolean).join(' · ')}
    </span>
  );
}

/**
 * The field's id, renamed when the editor leaves the box or presses Enter (not at each key: a rename
 * carries the field's text keys, data key and the rules that read it, and a half-typed id would carry
 * them to a name nobody meant). A taken or malformed id is said, and the field keeps its name.
 */
function IdInput({ inputId, label, field, editable, onRename }: { inputId: string; label: string; field: Field; editable: boolean; onRename(id: string): string | undefined }): ReactElement {
  const [text, setText] = useState(field.id);
  const [refusal, setRefusal] = useState<string>();
  const commit = () => {
    if (text === field.id) return setRefusal(undefined);
    // Drawn before focus lands in the next box: a data key the rename carries must be there before
    // the editor's typing (or the browser's select-all on focus) reaches that box, not after it.
    flushSync(() => setRefusal(onRename(text)));
  };
  return (
    <div className="studio-form__row">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} value={text} readOnly={!editable} aria-invalid={Boolean(refusal)} aria-describedby={refusal ? `${inputId}-refusal` : undefined} onChange={(event) => setText(event.target.value)} onBlur={commit} onKeyDown={(event) => event.key === 'Enter' && commit()} />
      {refusal && (
        <p id={`${inputId}-refusal`} className="studio-bad" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}

/** A label edited in place: Enter or leaving keeps it, Escape drops it. */
function LabelInput({ label, initial, onDone }: { label: string; initial: string; onDone(text: string | undefined): void }): ReactElement {
  const [text, setText] = useState(initial);
  // Enter ends the edit and unmounts the box, which may blur it too: one answer only.
  const answered = useRef(false);
  const finish = (value: string | undefined) => {
    if (answered.current) return;
    answered.current = true;
    onDone(value);
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') finish(text);
    if (event.key === 'Escape') finish(undefined);
  };
  // Focus follows the editor's request (the ✎ button), so autoFocus moves no one unexpectedly.
  return <input className="studio-tree__label-input" aria-label={label} value={text} autoFocus onChange={(event) => setText(event.target.value)} onKeyDown={keys} onBlur={() => finish(text)} />;
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

function FieldForm(props: FieldTreeProps & { field: Field; path: FieldPath }): ReactElement {
  const { document, editable, onChange, problemsOf, dictionaryNames, field, path } = props;
  const { t } = useTranslation('console');
  const id = useId();
  const set = (changes: Record<string, unknown>, how?: { typing?: boolean }) => onChange(updateField(document, path, changes), how);
  const valueField = isValueField(field) ? (field as ValueField) : undefined;
  // Labels name their control by id: a label wrapping a text box would take its value into the name.
  const row = (name: string, label: string, control: ReactElement) => (
    <div className="studio-form__row">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {control}
    </div>
  );
  const text = (name: keyof Field | keyof ValueField, label: string) =>
    row(name, label, <input id={`${id}-${name}`} value={String((field as unknown as Record<string, unknown>)[name] ?? '')} readOnly={!editable} onChange={(event) => set({ [name]: event.target.value === '' ? undefined : event.target.value }, { typing: true })} />);
  const required = valueField?.rules?.some((r) => r.rule === 'required') ?? false;
  const source = valueField?.dataSource ? ('dictionary' in valueField.dataSource ? 'dictionary' : 'options') : 'none';
  const rule = simpleRule(field.visibleWhen);
  // A rename keeps the data key unless the editor ticks this (the API and the back office know it).
  const [carryDataKey, setCarryDataKey] = useState(() => !!valueField && !props.knownDataKeys.has(valueField.dataKey));
  const words = useRuleWords(props);
  const readField = rule?.source.startsWith('field:') ? valueFieldsById(document).get(rule.source.slice('field:'.length)) : undefined;
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
      <IdInput key={field.id} inputId={`${id}-id`} label={t('studio.form.id')} field={field} editable={editable} onRename={(newId) => {
        const renamed = renameField(document, path, newId, { carryDataKey });
        if (renamed) onChange(renamed.document, { textKeys: renamed.textKeys });
        return renamed ? undefined : fieldIds(document).has(newId) ? t('studio.form.idTaken', { id: newId }) : t('studio.form.idInvalid');
      }} />
      {valueField && valueField.dataKey.split('.').at(-1) === field.id && editable && (
        <label className="studio-form__check">
          <input type="checkbox" checked={carryDataKey} onChange={(event) => setCarryDataKey(event.target.checked)} />
          <span>{t('studio.form.carryDataKey', { key: valueField.dataKey })}</span>
        </label>
      )}
      {(['label', 'help', 'placeholder'] as const).map((kind) => {
        const textKey = (field as unknown as Record<string, unknown>)[`${kind}Key`];
        return typeof textKey === 'string' && textKey ? <TextsInThreeLanguages key={kind} what={t(`studio.form.textKind.${kind}`)} textKey={textKey} props={props} /> : null;
      })}
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
          {valueField.dataSource && 'options' in valueField.dataSource && <OptionsForm {...props} field={valueField} path={path} set={set} />}
        </>
      )}
      <div className="studio-form__rule" role="group" aria-labelledby={`${id}-visible`}>
        <span id={`${id}-visible`}>{t('studio.form.visibleWhen')}</span>
        {rule ? (
          <>
            <select aria-label={t('studio.form.ruleSource')} value={rule.source} onChange={(event) => set({ visibleWhen: ruleOf({ ...rule, source: event.target.value, value: '' }) })}>
              <option value="">{t('studio.form.always')}</option>
              <optgroup label={t('studio.form.fields')}>
                {otherIds.map((other) => (
                  <option key={other} value={`field:${other}`}>
                    {nameOf(props, other) === other ? other : t('studio.rule.fieldChoice', { label: nameOf(props, other), id: other })}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('studio.form.context')}>
                {CONTEXT_KEYS.map((key) => (
                  <option key={key} value={`context:${key}`}>
                    {t(`studio.fact.${key}`)}
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
                <RuleValues rule={rule} readField={readField} words={words} onChange={(value) => set({ visibleWhen: ruleOf({ ...rule, value }) })} />
              </>
            )}
          </>
        ) : (
          <p className="studio-form__note">{t('studio.form.compoundRule')}</p>
        )}
        <p className="studio-form__sentence" aria-live="polite">
          {field.visibleWhen ? t('studio.rule.shownWhen', { sentence: ruleSentence(field.visibleWhen, document, words) }) : t('studio.rule.alwaysShown')}
        </p>
      </div>
    </fieldset>
  );
}

/**
 * A rule's values: the field's choices by their labels, in the editor's language, when the field
 * has a closed set of them (one for "is", any for "is one of"); typed otherwise.
 */
function RuleValues({ rule, readField, words, onChange }: { rule: SimpleRule; readField: ValueField | undefined; words: RuleWords; onChange(value: string): void }): ReactElement | null {
  const { t } = useTranslation('console');
  if (rule.operator === 'filled')
    return (
      <select aria-label={t('studio.rule.value')} value={rule.value === 'false' ? 'false' : 'true'} onChange={(event) => onChange(event.target.value)}>
        <option value="true">{t('studio.rule.yes')}</option>
        <option value="false">{t('studio.rule.no')}</option>
      </select>
    );
  const choices = readField ? valuesOfField(readField, words.dictionaries).choices : undefined;
  const chosen = scalarsOf(rule.value);
  const isChosen = (value: unknown) => chosen.some((c) => String(c) === String(value));
  if (!choices) return <input aria-label={t('studio.form.ruleValue')} value={rule.value} onChange={(event) => onChange(event.target.value)} />;
  if (rule.operator === 'eq')
    return (
      <select aria-label={t('studio.rule.value')} value={chosen.length ? String(chosen[0]) : ''} onChange={(event) => onChange(event.target.value)}>
        <option value="" disabled>
          —
        </option>
        {choices.map((choice) => (
          <option key={String(choice.value)} value={String(choice.value)}>
            {valueName(readField, choice.value, words)}
          </option>
        ))}
      </select>
    );
  return (
    <div className="studio-form__choices" role="group" aria-label={t('studio.rule.values')}>
      {choices.map((choice) => (
        <label key={String(choice.value)} className="studio-form__check">
          <input
            type="checkbox"
            checked={isChosen(choice.value)}
            onChange={(event) => {
              const next = event.target.checked ? [...chosen, choice.value] : chosen.filter((c) => String(c) !== String(choice.value));
              onChange(next.map(String).join(', '));
            }}
          />
          <span>{valueName(readField, choice.value, words)}</span>
        </label>
      ))}
    </div>
  );
}

/** At most this many choices are drawn at once: a 2,000-choice field is found in, not scrolled through. */
const CHOICES_SHOWN = 50;

/**
 * A field's own choices: each its value and its text in three languages; found by a filter past
 * CHOICES_SHOWN of them; replaced at once from a spreadsheet's copy (parsed once, one undo step).
 */
function OptionsForm(props: FieldTreeProps & { field: ValueField; path: FieldPath; set(changes: Record<string, unknown>): void }): ReactElement {
  const { t } = useTranslation('console');
  const { field, set } = props;
  const [filter, setFilter] = useState('');
  const [pasted, setPasted] = useState<string>();
  const [refused, setRefused] = useState('');
  const options = (field.dataSource as unknown as { options: Record<string, unknown>[] }).options;
  const wanted = filter.trim().toLowerCase();
  const matching = options.map((option, index) => ({ option, index })).filter(({ option }) => !wanted || String(option.value).toLowerCase().includes(wanted) || (typeof option.labelKey === 'string' && props.textOf(option.labelKey, 'en').toLowerCase().includes(wanted)));
  const shown = matching.slice(0, CHOICES_SHOWN);
  const change = (index: number, changes: Record<string, unknown>) => set({ dataSource: { options: options.map((o, i) => (i === index ? { ...o, ...changes } : o)) } });
  const paste = () => {
    const parsed = parseChoices(pasted ?? '', field.id, field.valueType);
    if (parsed.options.length === 0) return setRefused(t('studio.form.pasteNone'));
    props.onChange(updateField(props.document, props.path, { dataSource: { options: parsed.options } }), { texts: parsed.texts });
    setRefused(parsed.refused.length ? t('studio.form.pasteRefused', { lines: parsed.refused.map((r) => r.line).join(', ') }) : '');
    setPasted(undefined);
  };
  return (
    <div className="studio-form__options">
      {options.length > CHOICES_SHOWN && (
        <label className="studio-form__filter">
          <span>{t('studio.form.findChoice')}</span>
          <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </label>
      )}
      {options.length > CHOICES_SHOWN && <p className="studio-form__note">{t('studio.form.choicesShown', { shown: shown.length, matching: matching.length, count: options.length })}</p>}
      {shown.map(({ option, index }) => (
        <div key={index} className="studio-form__option">
          <input aria-label={t('studio.form.optionValue', { n: index + 1 })} value={String(option.value)} onChange={(event) => change(index, { value: scalarOf(event.target.value) })} />
          {typeof option.labelKey === 'string' && option.labelKey ? (
            <TextsInThreeLanguages what={t('studio.form.textKind.option', { value: String(option.value) })} textKey={option.labelKey} props={props} />
          ) : (
            <input aria-label={t('studio.form.optionLabel', { n: index + 1 })} value={String(option.labelKey ?? '')} onChange={(event) => change(index, { labelKey: event.target.value })} />
          )}
          <button type="button" aria-label={t('studio.form.optionRemove', { n: index + 1 })} disabled={options.length === 1} onClick={() => set({ dataSource: { options: options.filter((_, i) => i !== index) } })}>
            ✕
          </button>
        </div>
      ))}
      <div className="studio-csv__actions">
        <button type="button" className="console-button" onClick={() => set({ dataSource: { options: [...options, newOption(field)] } })}>
          {t('studio.form.optionAdd')}
        </button>
        <button type="button" className="console-button" aria-expanded={pasted !== undefined} onClick={() => setPasted(pasted === undefined ? '' : undefined)}>
          {t('studio.form.paste')}
        </button>
      </div>
      {pasted !== undefined && (
        <div className="studio-form__paste">
          <label>
            <span>{t('studio.form.pasteHow')}</span>
            <textarea rows={6} value={pasted} onChange={(event) => setPasted(event.target.value)} />
          </label>
          <button type="button" className="console-button console-button--main" disabled={!pasted.trim()} onClick={paste}>
            {t('studio.form.pasteReplace')}
          </button>
        </div>
      )}
      {refused && (
        <p className="studio-bad" role="alert">
          {refused}
        </p>
      )}
    </div>
  );
}

/** A new choice of a field: the next value, and a text key of its own (its texts typed beside it). */
function newOption(field: ValueField): { value: string | number; labelKey: string } {
  const options = field.dataSource && 'options' in field.dataSource ? field.dataSource.options : [];
  const keys = new Set(options.map((o) => o.labelKey));
  let n = options.length + 1;
  while (keys.has(`option.${field.id}.choice${n}`)) n += 1;
  const numbers = options.map((o) => o.value).filter((v): v is number => typeof v === 'number');
  return { value: field.valueType === 'number' ? Math.max(0, ...numbers) + 1 : `choice${n}`, labelKey: `option.${field.id}.choice${n}` };
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
