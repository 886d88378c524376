// Every step's answers, read-only, through the applicant's own schemas and renderer: the reviewer
// reads the labels the applicant read, in the reviewer's language.
import { compile, contextFromPayloads } from '@kh/engine';
import { StepForm, type StepFormContext } from '@kh/ui';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaries, steps } from '../schemas.ts';
import type { CaseView } from './types.ts';

export function StepAnswers({ view }: { view: CaseView }): ReactElement {
  const { t } = useTranslation();
  const context = useMemo(() => contextFromPayloads(view.steps, view.application), [view]);
  // Uploads are named as the applicant named them; the images themselves are in Documents.
  const formContext = useMemo<Omit<StepFormContext, 'compiled' | 'language'>>(
    () => ({
      async describeFile(filepath) {
        const document = view.documents.find((d) => d.relativePath === filepath);
        return { originalFilename: document?.name ?? filepath, mime: 'application/octet-stream' };
      },
    }),
    [view.documents],
  );
  const shown = view.requiredSteps.filter((step) => steps[step] && view.steps[step]);
  return (
    <div className="case-answers">
      {shown.map((step) => {
        const compiled = compile(steps[step], { dictionaries, context, verifiedIdentity: view.verifiedIdentity ?? undefined });
        return (
          // Not a landmark: a step's title may equal a panel's ("Identity check").
          <div key={step} className="case-step">
            <h3>{t(`step.${step}.title`)}</h3>
            <StepForm compiled={compiled} initialData={compiled.fromPayload(view.steps[step])} context={formContext} readOnly />
          </div>
        );
      })}
    </div>
  );
}
