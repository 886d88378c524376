// What every widget reads from its uiSchema options, and the ARIA wiring of hints and errors.
import type { WidgetProps } from '@rjsf/utils';
import type { CleanerName, FieldOption } from '@kh/engine';
import type { StepFormContext } from '../form/form-context.ts';

export interface FieldOptions {
  kind: string;
  labelKey?: string;
  placeholderKey?: string;
  helpKey?: string;
  cleaner?: CleanerName;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  customWidget?: string;
  /** Required when visible (the engine's rule; the render schema carries none). */
  required?: boolean;
  options?: FieldOption[];
  dictionary?: string;
}

export const fieldOptions = (props: WidgetProps): FieldOptions => props.options as unknown as FieldOptions;
export const formContextOf = (props: WidgetProps): StepFormContext => props.registry.formContext as StepFormContext;

/** aria-describedby for the hint and the error the FieldTemplate renders. */
export function describedBy(props: WidgetProps): string | undefined {
  const ids = [fieldOptions(props).helpKey ? `${props.id}-hint` : '', props.rawErrors?.length ? `${props.id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export const ariaFor = (props: WidgetProps) => ({
  'aria-invalid': props.rawErrors?.length ? true : undefined,
  'aria-describedby': describedBy(props),
  'aria-required': fieldOptions(props).required || undefined,
});
