// Every step's answers, read-only, through the applicant's own schemas and renderer: the reviewer
// reads the labels the applicant read, in the reviewer's language.
import { compile, contextFromPayloads } from '@kh/engine';
import { StepForm, type StepFormContext } from '@kh/ui';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { addStepTranslations } from '@kh/i18n';
import { dictionaries, steps } from '../schemas.ts';
import type { CaseView } from './types.ts';

export function StepAnswers({ view }: { view: CaseView }): ReactElement {
  const { t, i18n } = useTranslation();
  const { t: tConsole } = useTranslation('console');
  // A published version's texts are there before its labels are read.
  useMemo(() => Object.values(view.stepVersions ?? {}).forEach((v) => addStepTranslations(i18n, v.translations)), [i18n, view.stepVersions]);
  const schemaOf = (step: string) => view.stepVersions?.[step]?.document ?? steps[step];
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
        const compiled = compile(schemaOf(step), { dictionaries, context, verifiedIdentity: view.verifiedIdentity ?? undefined });
        return (
          // Not a landmark: a step's title may equal a panel's ("Identity check").
          <div key={step} className="case-step">
            <h3>
              {t(`step.${step}.title`)}
              {view.stepVersions?.[step] ? <span className="case-step__version"> · {tConsole('case.answeredUnderVersion', { version: view.stepVersions[step].version })}</span> : null}
            </h3>
            <StepForm compiled={compiled} initialData={compiled.fromPayload(view.steps[step])} context={formContext} readOnly />
          </div>
        );
      })}
    </div>
  );
}
