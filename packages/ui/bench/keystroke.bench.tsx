// Renders per keystroke on the work step, and the time a keystroke takes (jsdom).
import { fireEvent, render, screen } from '@testing-library/react';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { compile, type StructuralValidator } from '@kh/engine';
import { loadDictionaries, loadStepSchemas } from '@kh/engine/node';
import { createI18n } from '@kh/i18n';
import { bench, describe } from 'vitest';
import { I18nProvider, StepForm } from '../src/index.ts';

const dictionaries = loadDictionaries();
const work = loadStepSchemas().find((s) => s.id === 'work')!;
const compiled = compile(work, { dictionaries, context: { maritalStatus: 2 } });
const i18n = await createI18n('en');
const renders = new Map<string, number>();
render(
  <I18nProvider language="en" instance={i18n}>
    <StepForm compiled={compiled} validator={customizeValidator() as unknown as StructuralValidator} initialData={{ employmentStatus: 1 }} context={{ onFieldRender: (id) => renders.set(id, (renders.get(id) ?? 0) + 1) }} />
  </I18nProvider>,
);
const input = screen.getByLabelText('Company name') as HTMLInputElement;
renders.clear();
const KEYS = 20;
for (let i = 1; i <= KEYS; i++) fireEvent.change(input, { target: { value: 'A'.repeat(i) } });
const total = [...renders.values()].reduce((a, b) => a + b, 0);
console.log(`Work step: ${(total / KEYS).toFixed(2)} field renders per keystroke (${[...renders.keys()].join(', ')}), out of ${compiled.valueFields.length} fields`);

let length = 0;
describe('work step', () => {
  bench('one keystroke in the company name', () => {
    length = (length % 90) + 1;
    fireEvent.change(input, { target: { value: 'B'.repeat(length) } });
  });
});
