// The generic step form: a compiled step (packages/engine) rendered by @rjsf/core with our theme.
// One validation path: engine.validateStep, whose errors show after a field is touched or the
// form submitted; the submit hands back the payload (engine.toPayload).
import { withTheme } from '@rjsf/core';
import type { ErrorSchema } from '@rjsf/utils';
import { CONTEXT_PROPERTY, validateStep, type CompiledStep, type FieldError, type FormData, type StructuralValidator } from '@kh/engine';
import { useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldIdOf, type StepFormContext } from './form-context.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import { rendererValidator } from './renderer-validator.ts';
import { templates, widgets } from './theme.ts';

const ThemedForm = withTheme({ widgets, templates });

export interface StepFormProps {
  compiled: CompiledStep;
  /** The step's ajv validator: precompiled in the app (strict CSP), runtime ajv in stories and tests. */
  validator: StructuralValidator;
  initialData?: FormData;
  /** Everything but compiled and language, which StepForm supplies. */
  context?: Omit<StepFormContext, 'compiled' | 'language'>;
  onChange?(data: FormData): void;
  /** The applicant left a field (analytics' input event): its id and value. */
  onFieldBlur?(fieldId: string, value: unknown): void;
  onSubmit?(payload: Record<string, unknown>, data: FormData): void;
  /** Extra errors from the server (field errors of fill-data). */
  serverErrors?: FieldError[];
  /** Shows every error at once (a story of the error state, a resumed rejected step). */
  showAllErrors?: boolean;
  now?: Date;
  submitLabel?: string;
  children?: ReactNode;
}

export function StepForm(props: StepFormProps): ReactElement {
  const { t, i18n } = useTranslation();
  const { compiled } = props;
  const [data, setData] = useState<FormData>(() => ({ ...compiled.initialData(), ...(props.initialData ?? {}), [CONTEXT_PROPERTY]: compiled.context }));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(props.showAllErrors ?? false);
  const summary = useRef<HTMLDivElement>(null);

  const context = useMemo<StepFormContext>(() => ({ ...(props.context ?? {}), compiled, language: i18n.language }), [compiled, i18n.language, props.context]);
  const errors = useMemo(
    () => [...validateStep(compiled, data, { validator: props.validator, now: props.now }), ...(props.serverErrors ?? [])],
    [compiled, data, props.validator, props.now, props.serverErrors],
  );
  const shown = errors.filter((e) => submitted || touched.has(e.field) || props.serverErrors?.includes(e));
  const messages = shown.map((e) => ({ field: e.field, message: t(e.key, e.params ?? {}) }));
  const extraErrors = useMemo(() => Object.fromEntries(messages.map((m) => [m.field, { __errors: [m.message] }])) as ErrorSchema, [JSON.stringify(messages)]);

  return (
    <div className="step-form">
      <ErrorSummary ref={summary} errors={submitted ? messages : []} />
      <ThemedForm
        schema={compiled.renderSchema}
        uiSchema={compiled.uiSchema}
        validator={rendererValidator}
        formData={data}
        formContext={context}
        extraErrors={extraErrors}
        noValidate
        noHtml5Validate
        showErrorList={false}
        idPrefix="root"
        onChange={({ formData }) => {
          const next = { ...(formData as FormData), [CONTEXT_PROPERTY]: compiled.context };
          setData(next);
          props.onChange?.(next);
        }}
        onBlur={(id, value) => {
          const field = fieldIdOf(id);
          setTouched((before) => (before.has(field) ? before : new Set(before).add(field)));
          props.onFieldBlur?.(field, value);
        }}
        onSubmit={() => {
          setSubmitted(true);
          if (errors.length > 0) {
            requestAnimationFrame(() => summary.current?.focus());
            return;
          }
          props.onSubmit?.(compiled.toPayload(data), data);
        }}
      >
        {props.children ?? (
          <button type="submit" className="button button--main">
            {props.submitLabel ?? t('common.next')}
          </button>
        )}
      </ThemedForm>
    </div>
  );
}
