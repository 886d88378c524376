// The generic step form: a compiled step (packages/engine) rendered by @rjsf/core with our theme.
// One validation path: engine.validateStep, whose errors show after a field is touched or the
// form submitted; the submit hands back the payload (engine.toPayload).
import { withTheme, type FormProps } from '@rjsf/core';
import type { ErrorSchema } from '@rjsf/utils';
import { CONTEXT_PROPERTY, onNumberingPlanArrived, validateStep, type CompiledStep, type FieldError, type FormData, type StructuralValidator } from '@kh/engine';
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldIdOf, type StepFormContext } from './form-context.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import { rendererValidator } from './renderer-validator.ts';
import { fields, templates, widgets } from './theme.ts';

const ThemedForm = withTheme({ fields, widgets, templates });

export interface StepFormProps {
  compiled: CompiledStep;
  /** The step's ajv validator: precompiled in the app (strict CSP), runtime ajv in stories and tests. */
  validator?: StructuralValidator;
  /** The answers as they were given, for a reviewer: nothing editable, nothing validated, no submit. */
  readOnly?: boolean;
  initialData?: FormData;
  /** Everything but compiled and language, which StepForm supplies. */
  context?: Omit<StepFormContext, 'compiled' | 'language'>;
  onChange?(data: FormData): void;
  /** The applicant left a field (analytics' input event): its id and value. */
  onFieldBlur?(fieldId: string, value: unknown): void;
  onSubmit?(payload: Record<string, unknown>, data: FormData): void;
  /** A submit the errors held back (analytics' field_error event): the fields and the rules they broke. */
  onInvalidSubmit?(errors: FieldError[]): void;
  /** Extra errors from the server (field errors of fill-data): each holds until its field is edited. */
  serverErrors?: FieldError[];
  /** Fields the submit itself completes (the identity check it starts): their errors neither show nor block it. */
  pendingFields?: string[];
  /** Shows every error at once (a story of the error state, a resumed rejected step). */
  showAllErrors?: boolean;
  now?: Date;
  submitLabel?: string;
  children?: ReactNode;
}

export function StepForm(props: StepFormProps): ReactElement {
  const { t, i18n } = useTranslation();
  const { compiled } = props;
  const [startingData] = useState<FormData>(() => ({ ...compiled.initialData(), ...(props.initialData ?? {}), [CONTEXT_PROPERTY]: compiled.context }));
  const [data, setData] = useState<FormData>(startingData);
  // What RJSF last reported: ahead of `data` while a keystroke's validation waits in a transition.
  const reported = useRef(startingData);
  const seeded = useRef(false);
  useEffect(() => void (seeded.current = true), []);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const touch = (fields: string[]) => setTouched((before) => (fields.every((field) => before.has(field)) ? before : new Set([...before, ...fields])));
  // A field left by pressing elsewhere (Next, with a mouse) shows its error once the press is over:
  // shown at once, it moved what was being pressed from under the pointer, and the click was lost.
  const pressing = useRef(false);
  const touchedInPress = useRef<string[]>([]);
  useEffect(() => {
    const down = () => void (pressing.current = true);
    // After the press's own click, which the pointer's release is followed by in the same turn.
    const up = () =>
      setTimeout(() => {
        pressing.current = false;
        if (touchedInPress.current.length > 0) touch(touchedInPress.current.splice(0));
      });
    const phases = [['pointerdown', down], ['pointerup', up], ['pointercancel', up]] as const;
    for (const [phase, listener] of phases) document.addEventListener(phase, listener, true);
    return () => {
      for (const [phase, listener] of phases) document.removeEventListener(phase, listener, true);
    };
  }, []);
  const [submitted, setSubmitted] = useState(props.showAllErrors ?? false);
  const summary = useRef<HTMLDivElement>(null);
  // A server error belongs to the value it was given for: editing the field clears it.
  const [serverAnswer, setServerAnswer] = useState<{ errors?: FieldError[]; values: Record<string, string> }>({ values: {} });
  if (props.serverErrors !== serverAnswer.errors)
    setServerAnswer({ errors: props.serverErrors, values: Object.fromEntries((props.serverErrors ?? []).map((e) => [e.field, JSON.stringify(data[e.field] ?? null)])) });
  /** The errors of a set of answers: the engine's, then the server's that still stand for them. */
  const errorsOf = (answers: FormData): { errors: FieldError[]; serverErrors: FieldError[] } => {
    const standing = (props.serverErrors ?? []).filter((e) => serverAnswer.values[e.field] === JSON.stringify(answers[e.field] ?? null));
    if (props.readOnly) return { errors: [], serverErrors: standing };
    // An editable form that validated nothing would let anything through: never silently.
    if (!props.validator) throw new Error("StepForm: a validator is needed unless readOnly");
    const pending = new Set(props.pendingFields ?? []);
    const own = validateStep(compiled, answers, { validator: props.validator, now: props.now }).filter((e) => !pending.has(e.field));
    // The engine's verdict on a field comes first; a server error shows where the engine has none.
    return { errors: [...own, ...standing.filter((e) => !own.some((o) => o.field === e.field))], serverErrors: standing };
  };
  // A phone number's area code has its numbering plan loaded when first checked: when it arrives, check again.
  const [plansArrived, setPlansArrived] = useState(0);
  useEffect(() => onNumberingPlanArrived(() => setPlansArrived((n) => n + 1)), []);
  const { errors, serverErrors } = useMemo(
    () => errorsOf(data),
    [compiled, data, props.validator, props.readOnly, props.now, props.serverErrors, serverAnswer, props.pendingFields, plansArrived],
  );

  const context = useMemo<StepFormContext>(() => ({ ...(props.context ?? {}), compiled, language: i18n.language }), [compiled, i18n.language, props.context]);
  const shown = errors.filter((e) => submitted || touched.has(e.field) || serverErrors.includes(e));
  // The app's own text where it has the key (it follows a language switch), else the server's, which
  // the server translated (a rule only the server knows, such as an unknown dealer's code): never a key.
  const messages = shown.map((e) => ({ field: e.field, message: i18n.exists(e.key) ? t(e.key, e.params ?? {}) : ((e as { message?: unknown }).message as string | undefined) ?? t('errors.default') }));
  // The summary names each field, so "Please enter" is never read out alone.
  const summaryItems = messages.map((m) => {
    const labelKey = (compiled.uiSchema[m.field] as { 'ui:options'?: { labelKey?: string } } | undefined)?.['ui:options']?.labelKey;
    return { field: m.field, message: labelKey ? t('common.fieldError', { field: t(labelKey), message: m.message }) : m.message };
  });
  const extraErrors = useMemo(() => Object.fromEntries(messages.map((m) => [m.field, { __errors: [m.message] }])) as ErrorSchema, [JSON.stringify(messages)]);

  // RJSF's handlers read this render's state through a ref, so that the form element below can stay
  // the same object while only StepForm's own state changes.
  const handlers = useRef<Pick<FormProps, 'onChange' | 'onBlur' | 'onSubmit'>>({});
  // Set once this render is committed (a transition's render may be thrown away); RJSF calls them from events after.
  useLayoutEffect(() => {
    handlers.current = {
      onChange: ({ formData }) => {
        const next = { ...(formData as FormData), [CONTEXT_PROPERTY]: compiled.context };
        reported.current = next;
        // Validating the whole step may wait for a pause in the typing; what reads the
        // answers to decide (a blur's touch, a submit) takes the latest first, below.
        startTransition(() => setData(next));
        props.onChange?.(next);
      },
      onBlur: (id, value) => {
        const field = fieldIdOf(id);
        setData(reported.current);
        if (pressing.current) touchedInPress.current.push(field);
        else touch([field]);
        props.onFieldBlur?.(field, value);
      },
      onSubmit: ({ formData }) => {
        // The answers RJSF submits, not `data`, whose validation may still wait in a transition.
        const answers = { ...(formData as FormData), [CONTEXT_PROPERTY]: compiled.context };
        setData(answers);
        setSubmitted(true);
        const held = errorsOf(answers).errors;
        if (held.length > 0) {
          props.onInvalidSubmit?.(held);
          requestAnimationFrame(() => summary.current?.focus());
          return;
        }
        props.onSubmit?.(compiled.toPayload(answers), answers);
      },
    };
  });
  const stableHandlers = useMemo<Pick<FormProps, 'onChange' | 'onBlur' | 'onSubmit'>>(
    () => ({ onChange: (...args) => handlers.current.onChange!(...args), onBlur: (...args) => handlers.current.onBlur!(...args), onSubmit: (...args) => handlers.current.onSubmit!(...args) }),
    [],
  );
  // The same element while the form's inputs are unchanged: a keystroke's validation pass re-renders
  // StepForm, and a new element would make RJSF deep-compare every prop (the 30 KB schema) again.
  const form = useMemo(
    () => (
      <ThemedForm
        schema={compiled.renderSchema}
        uiSchema={compiled.uiSchema}
        validator={rendererValidator}
        // Given on the first render only: RJSF keeps the answers from then on. Handing each change
        // back would make it compare the whole schema and recompute every default a second time per
        // keystroke; handing the starting data again would take the form back to it.
        formData={seeded.current ? undefined : startingData}
        formContext={context}
        extraErrors={extraErrors}
        noValidate
        noHtml5Validate
        disabled={props.readOnly}
        readonly={props.readOnly}
        showErrorList={false}
        idPrefix="root"
        {...stableHandlers}
      >
        {props.readOnly ? <></> : props.children ?? (
          <button type="submit" className="button button--main">
            {props.submitLabel ?? t('common.next')}
          </button>
        )}
      </ThemedForm>
    ),
    [compiled, context, extraErrors, props.readOnly, props.children, props.submitLabel, t, startingData, stableHandlers],
  );

  return (
    <div className="step-form">
      <ErrorSummary ref={summary} errors={submitted ? summaryItems : []} />
      {form}
    </div>
  );
}
