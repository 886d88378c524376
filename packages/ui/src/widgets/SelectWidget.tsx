// Select: a native select (the phone's own picker) over the options the compiler allowed.
import type { WidgetProps } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { optionLabel } from '../form/labels.ts';
import { ariaFor, fieldOptions } from './shared.ts';

export function SelectWidget(props: WidgetProps): ReactElement {
  const { t, i18n } = useTranslation();
  const options = fieldOptions(props).options ?? [];
  const index = options.findIndex((o) => o.value === props.value);
  return (
    <select
      id={props.id}
      name={props.id}
      className="select"
      value={index === -1 ? '' : String(index)}
      disabled={props.disabled || props.readonly}
      {...ariaFor(props)}
      onChange={(event) => props.onChange(event.target.value === '' ? undefined : options[Number(event.target.value)].value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    >
      <option value="">{t('validation.requiredSelect')}</option>
      {options.map((option, i) => (
        <option key={String(option.value)} value={String(i)}>
          {optionLabel(option, t, i18n.language)}
        </option>
      ))}
    </select>
  );
}
