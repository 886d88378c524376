// Input: a text field with the step's cleaner applied as the applicant types; e-mail fields offer
// domain completions and a correction for common typos (SPEC §5).
import type { WidgetProps } from '@rjsf/utils';
import { clean, completeEmail, suggestEmail } from '@kh/engine';
import { useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ariaFor, fieldOptions } from './shared.ts';

const AUTOCOMPLETE: Record<string, string> = { email: 'email', username: 'username', mobile: 'tel-national', documentName: 'name' };

export function InputWidget(props: WidgetProps): ReactElement {
  const { t } = useTranslation();
  const options = fieldOptions(props);
  const listId = useId();
  const value = typeof props.value === 'string' ? props.value : props.value === undefined || props.value === null ? '' : String(props.value);
  const isEmail = options.customWidget === 'email';
  const suggestion = isEmail && value ? suggestEmail(value) : undefined;
  const completions = isEmail ? completeEmail(value) : [];
  return (
    <>
      <input
        id={props.id}
        name={props.id}
        className="input"
        type={isEmail ? 'email' : options.inputMode === 'tel' ? 'tel' : 'text'}
        inputMode={options.inputMode}
        autoComplete={AUTOCOMPLETE[props.name] ?? 'off'}
        value={value}
        placeholder={options.placeholderKey ? t(options.placeholderKey) : undefined}
        disabled={props.disabled}
        readOnly={props.readonly}
        list={completions.length > 0 ? listId : undefined}
        {...ariaFor(props)}
        onChange={(event) => {
          const cleaned = clean(options.cleaner, event.target.value);
          props.onChange(cleaned === '' ? undefined : cleaned);
        }}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
      {completions.length > 0 && (
        <datalist id={listId}>
          {completions.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      )}
      {suggestion && !props.readonly && (
        <p className="field__suggestion">
          {t('field.common.emailSuggestion', { email: suggestion })}{' '}
          <button type="button" className="link-button" onClick={() => props.onChange(suggestion)}>
            {t('common.useSuggestion', { defaultValue: 'Use it' })}
          </button>
        </p>
      )}
    </>
  );
}
