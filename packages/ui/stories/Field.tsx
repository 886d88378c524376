// One field in its states, side by side: empty, filled, error (shown), disabled and read-only.
import type { Field, FormData, StepSchema } from '@kh/engine';
import type { ReactElement } from 'react';
import { StepForm } from '../src/index.ts';
import { dictionaries, fakeUpload, validator } from './story-data.ts';
import { compile } from '@kh/engine';

export type FieldState = 'empty' | 'filled' | 'error' | 'readOnly';

export function FieldInState({ field, state, filled, stepId = 'contact' }: { field: Field; state: FieldState; filled?: FormData; stepId?: string }): ReactElement {
  const schema: StepSchema = { id: stepId, stepCode: 2000, titleKey: 'step.contact.title', fields: [field] };
  const compiled = compile(schema, { dictionaries, context: state === 'readOnly' ? { mode: 'rejected' } : {} });
  return (
    <section className="story-state" aria-label={state}>
      <p className="story-state__name">{state}</p>
      <StepForm compiled={compiled} validator={validator} initialData={state === 'filled' || state === 'readOnly' ? filled : undefined} showAllErrors={state === 'error'} context={{ upload: fakeUpload, documentUrl: (id) => `#document-${id}` }}>
        <span />
      </StepForm>
    </section>
  );
}

export function AllStates({ field, filled }: { field: Field; filled: FormData }): ReactElement {
  return (
    <div className="page" style={{ padding: 16 }}>
      {(['empty', 'filled', 'error', 'readOnly'] as const).map((state) => (
        <FieldInState key={state} field={field} state={state} filled={filled} />
      ))}
    </div>
  );
}
