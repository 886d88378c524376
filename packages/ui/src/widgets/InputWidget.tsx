// Input: a text field with the step's cleaner applied as the applicant types; e-mail fields offer
// domain completions as they are typed, and a correction for common typos once left (SPEC §5). A
// keystroke paints the field alone: it shows what was typed, and the form (its defaults, validation,
// the other fields) catches up once the typing pauses, in a transition. Leaving the field, or any
// submit of the form (Enter, a tap on Next that leaves the focus here, as iOS does), hands the form
// the value first, so a touch or a submit never reads less than is shown.
import type { WidgetProps } from '@rjsf/utils';
import { clean, completeEmail, emailSpellCheckerArrived, onEmailSpellCheckerArrived, suggestEmail } from '@kh/engine';
import { startTransition, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ariaFor, fieldOptions } from './shared.ts';
import { SETTLE_INPUT_EVENT } from './settle-input.ts';

const AUTOCOMPLETE: Record<string, string> = { email: 'email', username: 'username', mobile: 'tel-national', documentName: 'name' };
/**
 * How long the typing pauses before the form takes what was typed. Work over the whole form at every
 * keystroke held the next paint back on a slow phone (keystroke.test.ts, pnpm bench's P2).
 */
export const TYPING_PAUSE_MS = 250;

export function InputWidget(props: WidgetProps): ReactElement {
  const { t } = useTranslation();
  const options = fieldOptions(props);
  const listId = useId();
  const formValue = typeof props.value === 'string' ? props.value : props.value === undefined || props.value === null ? '' : String(props.value);
  const input = useRef<HTMLInputElement>(null);
  // What was typed since the field was entered and not yet handed to the form. The field itself shows
  // it: a keystroke re-renders nothing, as a bare input would not.
  const typed = useRef<string | undefined>(undefined);
  // Whether the applicant is typing here: set at the first keystroke and when the field settles, not at every one.
  const [editing, setEditing] = useState(false);
  const [completions, setCompletions] = useState<string[]>([]);
  const answer = (text: string) => (text === '' ? undefined : text);
  // The hand-over waiting for the typing to pause, and the form's latest onChange for it.
  const handOver = useRef<number | undefined>(undefined);
  const cancelHandOver = () => {
    window.clearTimeout(handOver.current);
    handOver.current = undefined;
  };
  useEffect(() => cancelHandOver, []);
  const formOnChange = useRef(props.onChange);
  /** Hands the form what is shown, now: before a blur's touch or a submit reads it. */
  const settle = () => {
    cancelHandOver();
    const text = typed.current;
    if (text === undefined) return;
    typed.current = undefined;
    flushSync(() => props.onChange(answer(text)));
    setEditing(false);
    setCompletions([]);
  };
  const settleLatest = useRef(settle);
  useLayoutEffect(() => {
    settleLatest.current = settle;
    formOnChange.current = props.onChange;
  });
  // The form's value reaches the field whenever nothing typed waits to be handed over (a prefill, "Use it", a reset).
  useLayoutEffect(() => {
    if (typed.current === undefined && input.current && input.current.value !== formValue) input.current.value = formValue;
  }, [formValue]);
  // On the form element itself: it runs before the submit reaches React's listener at the root.
  useEffect(() => {
    const form = input.current?.form;
    const beforeSubmit = () => settleLatest.current();
    form?.addEventListener('submit', beforeSubmit);
    return () => form?.removeEventListener('submit', beforeSubmit);
  }, []);
  // A page that is left or hidden (a reload, the app sent to the background), or left by the app
  // (settleTypedInput), hands over what was typed first: capturing, so before the app writes its draft of the form on the same events.
  useEffect(() => {
    const beforeLeaving = () => settleLatest.current();
    const whenHidden = () => document.visibilityState === 'hidden' && settleLatest.current();
    window.addEventListener('pagehide', beforeLeaving, { capture: true });
    window.addEventListener(SETTLE_INPUT_EVENT, beforeLeaving);
    document.addEventListener('visibilitychange', whenHidden, { capture: true });
    return () => {
      window.removeEventListener('pagehide', beforeLeaving, { capture: true });
      window.removeEventListener(SETTLE_INPUT_EVENT, beforeLeaving);
      document.removeEventListener('visibilitychange', whenHidden, { capture: true });
    };
  }, []);
  // Looked up once, not at every keystroke: i18next's lookup was most of a keystroke's own work.
  const placeholder = useMemo(() => (options.placeholderKey ? t(options.placeholderKey) : undefined), [t, options.placeholderKey]);
  const isEmail = options.customWidget === 'email';
  // Asked again when the spell checker arrives (it loads for an unfamiliar domain only).
  useSyncExternalStore(onEmailSpellCheckerArrived, emailSpellCheckerArrived);
  // Once the field is left, not at every keystroke: a half-typed domain is no typo.
  const suggestion = isEmail && formValue && !editing ? suggestEmail(formValue) : undefined;
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
        defaultValue={formValue}
        placeholder={placeholder}
        disabled={props.disabled}
        readOnly={props.readonly}
        list={completions.length > 0 ? listId : undefined}
        {...ariaFor(props)}
        onChange={(event) => {
          const field = event.target;
          const cleaned = clean(options.cleaner, field.value);
          if (cleaned !== field.value) field.value = cleaned;
          typed.current = cleaned;
          if (!editing) setEditing(true);
          if (isEmail) {
            const next = completeEmail(cleaned);
            setCompletions((before) => (before.join() === next.join() ? before : next));
          }
          cancelHandOver();
          handOver.current = window.setTimeout(() => {
            handOver.current = undefined;
            startTransition(() => formOnChange.current(answer(cleaned)));
          }, TYPING_PAUSE_MS);
        }}
        onBlur={(event) => {
          settle();
          props.onBlur(props.id, answer(event.target.value));
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
