// Every step's answers through the applicant's own schemas, in the reviewer's language: by default a
// compact summary (each visible question's label and its answer in words, uploads by the name the
// applicant gave), or the applicant's read-only form, one click away.
import { answerText, compile, contextFromPayloads, type CompiledStep } from '@kh/engine';
import { StepForm, type StepFormContext } from '@kh/ui';
import { useMemo, useState, type ReactElement } from 'react';
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
  const [asForm, setAsForm] = useState(false);
  return (
    <div className="case-answers">
      <button type="button" className="console-button" aria-pressed={asForm} onClick={() => setAsForm(!asForm)}>
        {tConsole(asForm ? 'case.answersAsSummary' : 'case.answersAsForm')}
      </button>
      {shown.map((step) => {
        const compiled = compile(schemaOf(step), { dictionaries, context, verifiedIdentity: view.verifiedIdentity ?? undefined });
        return (
          // Not a landmark: a step's title may equal a panel's ("Identity check").
          <div key={step} className="case-step">
            <h3>
              {t(`step.${step}.title`)}
              {view.stepVersions?.[step] ? <span className="case-step__version"> · {tConsole('case.answeredUnderVersion', { version: view.stepVersions[step].version })}</span> : null}
            </h3>
            {asForm ? (
              <StepForm compiled={compiled} initialData={compiled.fromPayload(view.steps[step])} context={formContext} readOnly />
            ) : (
              <StepSummary compiled={compiled} payload={view.steps[step]} fileName={(path) => view.documents.find((d) => d.relativePath === path)?.name ?? path} />
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A step's visible answers as label and value, in words from the dictionaries. */
function StepSummary({ compiled, payload, fileName }: { compiled: CompiledStep; payload: Record<string, unknown>; fileName(path: string): string }): ReactElement {
  const { t, i18n } = useTranslation();
  const { t: tConsole } = useTranslation('console');
  const data = compiled.fromPayload(payload);
  const list = new Intl.ListFormat(i18n.language, { style: 'short', type: 'unit' });
  const words = { text: (key: string) => t(key), label: (label: Record<string, string>) => label[i18n.language] ?? label.en ?? '', yes: tConsole('case.yes'), no: tConsole('case.no'), join: (values: string[]) => list.format(values) };
  const rows = compiled.valueFields
    .filter((field) => compiled.isVisible(field.id, data))
    .map((field) => {
      const value = data[field.id];
      const shown = field.widget === 'upload' || field.widget === 'signature' ? (typeof value === 'string' && value ? fileName(value) : '') : answerText(value, compiled.options[field.id], words);
      return { id: field.id, label: field.labelKey ? t(field.labelKey) : field.id, shown };
    })
    .filter((row) => row.shown !== '');
  return (
    <dl className="case-summary">
      {rows.map((row) => (
        <div key={row.id} className="case-summary__row">
          <dt>{row.label}</dt>
          <dd>{row.shown}</dd>
        </div>
      ))}
    </dl>
  );
}
