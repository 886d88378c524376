// The schema studio's first page: every step with its live version, its lint and its last change.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { failureMessage, get } from '../api.ts';
import { stepStudioChunk } from '../page-chunks.ts';
import { DataTable } from '../DataTable.tsx';
import { Alert, formatDate } from '../parts.tsx';
import { FunnelPanel } from './FunnelPanel.tsx';
import type { StepSummary } from './types.ts';

/** How often, and how many times, the list asks again for lints still being made. */
const LIST_RETRY_MS = 400;
const LIST_RETRIES = 150;

export function StudioListPage(): ReactElement {
  const { t, i18n } = useTranslation('console');
  const { t: tApp } = useTranslation();
  const [steps, setSteps] = useState<StepSummary[]>();
  const [error, setError] = useState('');
  // The step editor's code, fetched and run while the list is read.
  useEffect(() => void stepStudioChunk.load().catch(() => undefined), []);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Lints the server has not made yet come as "checking": asked again until each is there.
    const load = (tries: number) =>
      get<StepSummary[]>('studio/steps').then(
        (answer) => {
          if (stopped) return;
          setSteps(answer);
          if (tries < LIST_RETRIES && answer.some((step) => step.problems === null)) timer = setTimeout(() => load(tries + 1), LIST_RETRY_MS);
        },
        (caught: unknown) => !stopped && setError(failureMessage(caught, t)),
      );
    void load(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [t]);
  return (
    <section aria-labelledby="studio-title" className="studio">
      <h1 id="studio-title">{t('studio.title')}</h1>
      <p className="studio__lead">{t('studio.lead')}</p>
      {error && <Alert kind="error">{error}</Alert>}
      {steps && (
        <DataTable<StepSummary>
          label={t('studio.title')}
          rows={steps}
          rowKey={(step) => step.stepId}
          columns={[
            {
              id: 'step',
              header: t('studio.step'),
              cell: (step) => (
                <>
                  <Link href={`/studio/${step.stepId}`}>{tApp(`step.${step.stepId}.title`, { defaultValue: step.stepId })}</Link> <code>{step.stepId}</code>
                </>
              ),
            },
            { id: 'live', header: t('studio.liveVersion'), cell: (step) => (step.liveVersion === 0 ? t('studio.builtIn') : t('studio.versionN', { version: step.liveVersion })) },
            {
              id: 'lint',
              header: t('studio.lint'),
              cell: (step) =>
                step.problems === null ? (
                  <span>{t('studio.linting')}</span>
                ) : step.problems === 0 ? (
                  <span className="studio-ok">{t('studio.lintClean')}</span>
                ) : (
                  <span className="studio-bad">{t('studio.problems', { count: step.problems })}</span>
                ),
            },
            { id: 'drafts', header: t('studio.drafts'), cell: (step) => step.drafts },
            { id: 'changesAsked', header: t('studio.changesAsked'), cell: (step) => (step.changesRequested > 0 ? <strong className="studio-bad">{t('studio.openThreads', { count: step.changesRequested })}</strong> : '—') },
            {
              id: 'lastChange',
              header: t('studio.lastChange'),
              cell: (step) =>
                step.lastChange
                  ? t('studio.changedBy', { version: step.lastChange.version, status: t(`studio.status.${step.lastChange.status}`), name: step.lastChange.by, at: formatDate(step.lastChange.at, i18n.language) })
                  : t('studio.neverChanged'),
            },
          ]}
        />
      )}
      {steps && <FunnelPanel stepOrder={steps.map((step) => step.stepId)} />}
    </section>
  );
}
