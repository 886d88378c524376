// A date as day, month and year boxes with the phone's number keyboard (the GOV.UK pattern): easier
// than a calendar for a birth date decades back. The value is YYYY-MM-DD.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ariaFor, fieldOptions } from './shared.ts';

const split = (value: unknown) => {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? { year: match[1], month: match[2], day: match[3] } : { year: '', month: '', day: '' };
};

type Parts = { year: string; month: string; day: string };

/** The value the boxes stand for: YYYY-MM-DD once complete; an incomplete date is kept as typed so the format check can name it. */
const valueOf = (parts: Parts): string | undefined =>
  parts.year.length === 4 && parts.month && parts.day
    ? `${parts.year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`
    : parts.year || parts.month || parts.day
      ? `${parts.year}-${parts.month}-${parts.day}`
      : undefined;

export function DateWidget(props: WidgetProps): ReactElement {
  const { t } = useTranslation();
  const options = fieldOptions(props);
  const [parts, setParts] = useState<Parts>(() => split(props.value));
  useEffect(() => {
    // Only a value from elsewhere (a draft, the identity check) resets the boxes: the value the boxes
    // just produced is padded ("2" becomes "02"), and writing it back would eat the next digit typed.
    if (props.value === valueOf(parts)) return;
    const incoming = split(props.value);
    if (props.value && incoming.year) setParts(incoming);
  }, [props.value]);
  const aria = ariaFor(props);
  const update = (key: 'day' | 'month' | 'year', raw: string) => {
    const next = { ...parts, [key]: raw.replace(/\D/g, '').slice(0, key === 'year' ? 4 : 2) };
    setParts(next);
    props.onChange(valueOf(next));
  };
  // The day box carries the field's id, so the error summary's link lands on it.
  const inputId = (key: 'day' | 'month' | 'year') => (key === 'day' ? props.id : `${props.id}-${key}`);
  const box = (key: 'day' | 'month' | 'year', width: string) => (
    <span className={`date__part date__part--${key}`}>
      <label htmlFor={inputId(key)}>{t(`common.date.${key}`)}</label>
      <input
        id={inputId(key)}
        className={`input input--${width}`}
        inputMode="numeric"
        autoComplete={props.name === 'birthDate' ? `bday-${key}` : 'off'}
        value={parts[key]}
        disabled={props.disabled}
        readOnly={props.readonly}
        aria-invalid={aria['aria-invalid']}
        onChange={(event) => update(key, event.target.value)}
        onBlur={() => props.onBlur(props.id, props.value)}
      />
    </span>
  );
  return (
    <fieldset className="date" aria-describedby={aria['aria-describedby']}>
      <legend className="field__label">{options.labelKey ? t(options.labelKey) : props.label}</legend>
      <div className="date__parts">
        {box('day', '2')}
        {box('month', '2')}
        {box('year', '4')}
      </div>
    </fieldset>
  );
}
