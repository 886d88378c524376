// RJSF templates: each field with its label, hint and error (GOV.UK style), and the step's layout
// (headers, cards, buttons) with the visibility rules applied.
import type { FieldTemplateProps, ObjectFieldTemplateProps } from '@rjsf/utils';
import type { FormData } from '@kh/engine';
import { Profiler, useMemo, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepFormContext } from './form-context.ts';
import { fieldIdOf } from './form-context.ts';

interface LayoutNode {
  id: string;
  kind: string;
  labelKey?: string;
  helpKey?: string;
  action?: string;
  href?: string;
  children?: LayoutNode[];
}

/** Kinds whose widget draws its own label (a checkbox's text, a group's legend). */
const OWN_LABEL = new Set(['CheckBox', 'Switch', 'Radio', 'ButtonGroup', 'DateTime']);
const OWN_LABEL_WIDGETS = new Set(['multiSelect', 'signature', 'identityCheck', 'payment']);
/** Widgets that show something rather than ask for an answer: never announced as optional. */
const NOT_ANSWERED_WIDGETS = new Set(['agreementList', 'identityCheck', 'payment', 'qrcode']);

export function FieldTemplate(props: FieldTemplateProps): ReactElement {
  const { t } = useTranslation();
  const { id, children, rawErrors, hidden, uiSchema } = props;
  const options = (uiSchema?.['ui:options'] ?? {}) as { kind?: string; labelKey?: string; helpKey?: string; required?: boolean; verified?: boolean };
  const required = options.required === true;
  if (hidden || id === 'root') return children;
  const { onFieldRender, fieldNotes } = props.registry.formContext as StepFormContext;
  const note = fieldNotes && Object.hasOwn(fieldNotes, fieldIdOf(id)) ? fieldNotes[fieldIdOf(id)] : undefined;
  const error = rawErrors?.[0];
  const ownLabel = OWN_LABEL.has(options.kind ?? '') || OWN_LABEL_WIDGETS.has(uiSchema?.['ui:widget'] as string);
  // Each text once per render: i18next's lookup is a tenth of a keystroke's work on the largest step.
  const label = !ownLabel && options.labelKey ? t(options.labelKey) : undefined;
  const optional = label !== undefined && !required ? t('common.optional') : undefined;
  // "(optional)" is heard once: not when the label says it already, nor for a list that only shows documents.
  const announceOptional = optional !== undefined && !NOT_ANSWERED_WIDGETS.has(uiSchema?.['ui:widget'] as string) && !label!.toLowerCase().includes(optional.toLowerCase());
  return (
    <div className={`field field--${(options.kind ?? 'input').toLowerCase()}${error ? ' field--error' : ''}`} data-field={fieldIdOf(id)}>
      {label !== undefined && (
        <label className="field__label" htmlFor={id}>
          {label}
          {announceOptional && <span className="visually-hidden"> ({optional})</span>}
        </label>
      )}
      {!ownLabel && options.helpKey && (
        <p className="field__hint" id={`${id}-hint`}>
          {t(options.helpKey)}
        </p>
      )}
      {options.verified && !ownLabel && <p className="field__hint field__verified">{t('common.verifiedByIdentity')}</p>}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          <span className="visually-hidden">{t('common.errorPrefix', { defaultValue: 'Error:' })} </span>
          {error}
        </p>
      )}
      {onFieldRender ? (
        <Profiler id={fieldIdOf(id)} onRender={() => onFieldRender(fieldIdOf(id))}>
          {children}
        </Profiler>
      ) : (
        children
      )}
      {options.verified && ownLabel && <p className="field__hint field__verified">{t('common.verifiedByIdentity')}</p>}
      {note !== undefined && (
        <p className="field__hint field__note" role="status">
          {note}
        </p>
      )}
    </div>
  );
}

function renderNode(node: LayoutNode, data: FormData, context: StepFormContext, fields: Map<string, ReactElement>, t: (key: string) => string): ReactNode {
  if (!context.compiled.isVisible(node.id, data)) return null;
  switch (node.kind) {
    case 'Header':
      return (
        <div className="step-header" key={node.id}>
          {node.labelKey && <h2 className="step-header__title">{t(node.labelKey)}</h2>}
          {node.helpKey && <p className="step-header__hint">{t(node.helpKey)}</p>}
        </div>
      );
    case 'Card':
    case 'CardGroup':
      return (
        // A group of fields, not a landmark: a page holds many cards.
        <div role="group" className={`card card--${node.kind.toLowerCase()}`} key={node.id} aria-labelledby={node.labelKey ? `card-${node.id}` : undefined}>
          {node.labelKey && (
            <h2 className="card__title" id={`card-${node.id}`}>
              {t(node.labelKey)}
            </h2>
          )}
          {node.helpKey && <p className="card__hint">{t(node.helpKey)}</p>}
          {node.children?.map((child) => renderNode(child, data, context, fields, t))}
        </div>
      );
    case 'Button':
      return (
        <button type="button" className="button button--secondary" key={node.id} onClick={() => context.onAction?.(node.action ?? 'link', node.id)}>
          {node.labelKey ? t(node.labelKey) : node.id}
        </button>
      );
    default:
      return fields.get(node.id) ?? null;
  }
}

/** The root object: lays the properties out by the step's field tree. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps): ReactElement {
  const { t } = useTranslation();
  // The headings are translated once per language, not on every keystroke's render.
  const translated = useMemo(() => {
    const texts = new Map<string, string>();
    return (key: string) => texts.get(key) ?? texts.set(key, t(key)).get(key)!;
  }, [t]);
  const context = props.registry.formContext as StepFormContext;
  const layout = ((props.uiSchema?.['ui:options'] ?? {}) as { layout?: LayoutNode[] }).layout ?? [];
  const fields = new Map(props.properties.map((p) => [p.name, p.content]));
  const data = (props.formData ?? {}) as FormData;
  return <div className="step-fields">{layout.map((node) => renderNode(node, data, context, fields, translated))}</div>;
}

