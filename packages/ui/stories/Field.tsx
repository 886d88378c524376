// One field in its states, side by side: empty, filled, error (shown), disabled and read-only.
import type { Field, FormData, StepSchema } from '@kh/engine';
import { useEffect, type ReactElement } from 'react';
import { StepForm } from '../src/index.ts';
import { dictionaries, fakeUpload, validator } from './story-data.ts';
import { compile } from '@kh/engine';

export type FieldState = 'empty' | 'filled' | 'focused' | 'error' | 'disabled' | 'readOnly';

export function FieldInState({ field, state, filled, stepId = 'contact' }: { field: Field; state: FieldState; filled?: FormData; stepId?: string }): ReactElement {
  const schema: StepSchema = { id: stepId, stepCode: 2000, titleKey: 'step.contact.title', payload: {}, fields: [field] }; // a lone field for show: no payload is written
  const compiled = compile(schema, { dictionaries, context: state === 'readOnly' ? { mode: 'rejected' } : {} });
  const withData = state === 'filled' || state === 'readOnly' || state === 'focused' || state === 'disabled';
  return (
    <section className="story-state" aria-label={state}>
      <p className="story-state__name">{state}</p>
      {/* Disabled: the whole form is off, as while a save is on its way. */}
      <fieldset disabled={state === 'disabled'} className="story-state__frame" data-focus={state === 'focused' ? 'first' : undefined}>
        <legend className="visually-hidden">{state}</legend>
        <StepForm compiled={compiled} validator={validator} initialData={withData ? filled : undefined} showAllErrors={state === 'error'} context={{ upload: fakeUpload, documentUrl: (id) => `#document-${id}` }}>
          <span />
        </StepForm>
      </fieldset>
    </section>
  );
}

export function AllStates({ field, filled }: { field: Field; filled: FormData }): ReactElement {
  // The focused state: the first control of that state's form has the focus (and its focus ring).
  useEffect(() => {
    document.querySelector<HTMLElement>('[data-focus="first"] input, [data-focus="first"] select, [data-focus="first"] canvas')?.focus();
  }, []);
  return (
    <div className="page" style={{ padding: 16 }}>
      {(['empty', 'filled', 'focused', 'error', 'disabled', 'readOnly'] as const).map((state) => (
        <FieldInState key={state} field={field} state={state} filled={filled} />
      ))}
    </div>
  );
}
