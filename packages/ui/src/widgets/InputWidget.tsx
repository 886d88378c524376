// Input: a text field with the step's cleaner applied as the applicant types; e-mail fields offer
// domain completions as they are typed, and a correction for common typos once left (SPEC §5). A keystroke paints at once: the
// field shows what was typed, and the form (its defaults, validation, the other fields) catches up
// in a transition that the next keystroke may overtake. Leaving the field, or any submit of the form
// (Enter, a tap on Next that leaves the focus here, as iOS does), hands the form the value first, so
// a touch or a submit never reads less than is shown.
import type { WidgetProps } from '@rjsf/utils';
import { clean, completeEmail, emailSpellCheckerArrived, onEmailSpellCheckerArrived, suggestEmail } from '@kh/engine';
import { startTransition, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ariaFor, fieldOptions } from './shared.ts';

const AUTOCOMPLETE: Record<string, string> = { email: 'email', username: 'username', mobile: 'tel-national', documentName: 'name' };

export function InputWidget(props: WidgetProps): ReactElement {
  const { t } = useTranslation();
  const options = fieldOptions(props);
  const listId = useId();
  const formValue = typeof props.value === 'string' ? props.value : props.value === undefined || props.value === null ? '' : String(props.value);
  // What was typed since the field was entered: shown until the field is left, however far the form has caught up.
  const [typed, setTyped] = useState<string>();
  const value = typed ?? formValue;
  const answer = (text: string) => (text === '' ? undefined : text);
  /** Hands the form what is shown, now: before a blur's touch or a submit reads it. */
  const settle = () => {
    if (typed === undefined) return;
    flushSync(() => props.onChange(answer(typed)));
    setTyped(undefined);
  };
  const input = useRef<HTMLInputElement>(null);
  const settleLatest = useRef(settle);
  useLayoutEffect(() => void (settleLatest.current = settle));
  // On the form element itself: it runs before the submit reaches React's listener at the root.
  useEffect(() => {
    const form = input.current?.form;
    const beforeSubmit = () => settleLatest.current();
    form?.addEventListener('submit', beforeSubmit);
    return () => form?.removeEventListener('submit', beforeSubmit);
  }, []);
  const isEmail = options.customWidget === 'email';
  // Asked again when the spell checker arrives (it loads for an unfamiliar domain only).
  useSyncExternalStore(onEmailSpellCheckerArrived, emailSpellCheckerArrived);
  // Once the field is left, not at every keystroke: a half-typed domain is no typo.
  const suggestion = isEmail && value && typed === undefined ? suggestEmail(value) : undefined;
  const completions = isEmail ? completeEmail(value) : [];
  return (
    <>
      <input
        ref={input}
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
          setTyped(cleaned);
          startTransition(() => props.onChange(answer(cleaned)));
        }}
        onBlur={() => {
          settle();
          props.onBlur(props.id, answer(value));
        }}
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
