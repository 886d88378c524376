// The schema studio's first page: every step with its live version, its lint and its last change.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { failureMessage, get } from '../api.ts';
import { Alert, TableScroller, formatDate } from '../parts.tsx';
import type { StepSummary } from './types.ts';

export function StudioListPage(): ReactElement {
  const { t, i18n } = useTranslation('console');
  const { t: tApp } = useTranslation();
  const [steps, setSteps] = useState<StepSummary[]>();
  const [error, setError] = useState('');
  useEffect(() => {
    get<StepSummary[]>('studio/steps').then(setSteps, (caught: unknown) => setError(failureMessage(caught, t)));
  }, [t]);
  return (
    <section aria-labelledby="studio-title" className="studio">
      <h1 id="studio-title">{t('studio.title')}</h1>
      <p className="studio__lead">{t('studio.lead')}</p>
      {error && <Alert kind="error">{error}</Alert>}
      {steps && (
        <TableScroller label={t('studio.title')}>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('studio.step')}</th>
                <th scope="col">{t('studio.liveVersion')}</th>
                <th scope="col">{t('studio.lint')}</th>
                <th scope="col">{t('studio.drafts')}</th>
                <th scope="col">{t('studio.lastChange')}</th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.stepId}>
                  <td>
                    <Link href={`/studio/${step.stepId}`}>{tApp(`step.${step.stepId}.title`, { defaultValue: step.stepId })}</Link> <code>{step.stepId}</code>
                  </td>
                  <td>{step.liveVersion === 0 ? t('studio.builtIn') : t('studio.versionN', { version: step.liveVersion })}</td>
                  <td>{step.problems === 0 ? <span className="studio-ok">{t('studio.lintClean')}</span> : <span className="studio-bad">{t('studio.problems', { count: step.problems })}</span>}</td>
                  <td>{step.drafts}</td>
                  <td>
                    {step.lastChange
                      ? t('studio.changedBy', { version: step.lastChange.version, status: t(`studio.status.${step.lastChange.status}`), name: step.lastChange.by, at: formatDate(step.lastChange.at, i18n.language) })
                      : t('studio.neverChanged')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
