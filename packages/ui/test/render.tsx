// Renders a real step schema with the theme, as the app does, for the component tests.
import { customizeValidator } from '@rjsf/validator-ajv8';
import { render } from '@testing-library/react';
import { compile, widgetsOfStep, type CompileOptions, type FormData, type StructuralValidator } from '@kh/engine';
import { loadDictionaries, loadStepSchemas } from '@kh/engine/node';
import { createI18n } from '@kh/i18n';
import type { i18n } from 'i18next';
import { I18nProvider, StepForm, loadWidgets, type StepFormProps } from '../src/index.ts';

export const dictionaries = loadDictionaries();
const steps = Object.fromEntries(loadStepSchemas().map((s) => [s.id, s]));
export const validator = customizeValidator() as unknown as StructuralValidator;
const instances = new Map<string, i18n>();

export async function renderStep(
  stepId: string,
  options: Partial<CompileOptions> & { data?: FormData; language?: string; formContext?: StepFormProps['context']; preloadWidgets?: boolean } & Partial<Omit<StepFormProps, 'context'>> = {},
) {
  const language = options.language ?? 'en';
  if (!instances.has(language)) instances.set(language, await createI18n(language));
  // As the app's step page does: the widgets that load on demand are there before the form draws.
  if (options.preloadWidgets !== false) await loadWidgets(widgetsOfStep(steps[stepId]));
  const compiled = compile(steps[stepId], { dictionaries, context: options.context, rejectedItems: options.rejectedItems, verifiedIdentity: options.verifiedIdentity });
  const submitted: Record<string, unknown>[] = [];
  const { context: _stepContext, rejectedItems: _rejected, dictionaries: _dictionaries, verifiedIdentity: _identity, data, formContext, preloadWidgets: _preload, ...formProps } = options;
  const view = render(
    <I18nProvider language={language} instance={instances.get(language)}>
      <StepForm compiled={compiled} validator={validator} initialData={data} now={new Date(2026, 10, 21)} onSubmit={(payload) => submitted.push(payload)} context={formContext} {...formProps} />
    </I18nProvider>,
  );
  return { ...view, compiled, submitted };
}
