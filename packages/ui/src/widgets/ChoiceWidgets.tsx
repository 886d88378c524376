// Radio, ButtonGroup (segmented yes/no), Switch and CheckBox: the choice kinds of SPEC §3. Each draws
// its own label, as a legend or next to the control.
import type { WidgetProps } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { optionLabel } from '../form/labels.ts';
import { ariaFor, fieldOptions } from './shared.ts';

function Legend({ props }: { props: WidgetProps }) {
  const { t } = useTranslation();
  const options = fieldOptions(props);
  return (
    <legend className="field__label">
      {options.labelKey ? t(options.labelKey) : props.label}
      {options.helpKey && (
        <span className="field__hint" id={`${props.id}-hint`}>
          {t(options.helpKey)}
        </span>
      )}
    </legend>
  );
}

function OptionGroup({ props, variant }: { props: WidgetProps; variant: 'radio' | 'segmented' }): ReactElement {
  const { t, i18n } = useTranslation();
  const options = fieldOptions(props).options ?? [];
  const aria = ariaFor(props);
  return (
    <fieldset className={`choice choice--${variant}`} aria-describedby={aria['aria-describedby']} id={props.id}>
      <Legend props={props} />
      <div className="choice__options">
        {options.map((option, i) => {
          const id = `${props.id}-${i}`;
          return (
            <span className="choice__option" key={String(option.value)}>
              <input
                type="radio"
                id={id}
                name={props.id}
                checked={props.value === option.value}
                disabled={props.disabled || props.readonly}
                aria-invalid={aria['aria-invalid']}
                onChange={() => props.onChange(option.value)}
                onBlur={() => props.onBlur(props.id, props.value)}
              />
              <label htmlFor={id}>{optionLabel(option, t, i18n.language)}</label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}

export const RadioWidget = (props: WidgetProps) => <OptionGroup props={props} variant="radio" />;
export const ButtonGroupWidget = (props: WidgetProps) => <OptionGroup props={props} variant="segmented" />;

function Toggle({ props, role }: { props: WidgetProps; role?: 'switch' }): ReactElement {
  const { t } = useTranslation();
  const options = fieldOptions(props);
  return (
    <div className={`toggle${role ? ' toggle--switch' : ''}`}>
      <input
        type="checkbox"
        id={props.id}
        name={props.id}
        role={role}
        checked={props.value === true}
        disabled={props.disabled || props.readonly}
        {...ariaFor(props)}
        onChange={(event) => props.onChange(event.target.checked)}
        onBlur={() => props.onBlur(props.id, props.value)}
      />
      <label htmlFor={props.id}>{options.labelKey ? t(options.labelKey) : props.label}</label>
      {options.helpKey && (
        <p className="field__hint" id={`${props.id}-hint`}>
          {t(options.helpKey)}
        </p>
      )}
    </div>
  );
}

export const SwitchWidget = (props: WidgetProps) => <Toggle props={props} role="switch" />;
export const CheckBoxWidget = (props: WidgetProps) => <Toggle props={props} />;

/** Multi-select: a list of checkboxes; the value is a list, stored as a de-duplicated comma string. */
export function MultiSelectWidget(props: WidgetProps): ReactElement {
  const { t, i18n } = useTranslation();
  const options = fieldOptions(props).options ?? [];
  const selected: string[] = Array.isArray(props.value) ? props.value : [];
  const aria = ariaFor(props);
  return (
    <fieldset className="choice choice--multi" id={props.id} aria-describedby={aria['aria-describedby']}>
      <Legend props={props} />
      <div className="choice__options">
        {options.map((option, i) => {
          const value = String(option.value);
          const id = `${props.id}-${i}`;
          return (
            <span className="choice__option" key={value}>
              <input
                type="checkbox"
                id={id}
                checked={selected.includes(value)}
                disabled={props.disabled || props.readonly}
                aria-invalid={aria['aria-invalid']}
                onChange={(event) => {
                  const next = event.target.checked ? [...new Set([...selected, value])] : selected.filter((v) => v !== value);
                  props.onChange(next.length > 0 ? next : undefined);
                }}
                onBlur={() => props.onBlur(props.id, props.value)}
              />
              <label htmlFor={id}>{optionLabel(option, t, i18n.language)}</label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}
