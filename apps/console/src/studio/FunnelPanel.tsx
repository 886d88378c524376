// Where applicants give up, per step and version, over a range of days: how many reached the step,
// went on, left there, and the median time they took. From the app's events; no answer is in them.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../DataTable.tsx';
import { failureMessage } from '../api.ts';
import { Alert } from '../parts.tsx';
import { duration, lastThirtyDays, useFunnel } from './funnel.ts';
import type { StepFigures } from './types.ts';

export function FunnelPanel({ stepOrder }: { stepOrder: string[] }): ReactElement {
  const { t } = useTranslation('console');
  const { t: tApp } = useTranslation();
  const [range, setRange] = useState(lastThirtyDays);
  const { funnel, failed } = useFunnel(range);
  const order = (stepId: string) => (stepOrder.indexOf(stepId) + 1 || stepOrder.length + 1);
  const rows = [...(funnel?.steps ?? [])].sort((a, b) => order(a.stepId) - order(b.stepId) || a.version - b.version);
  const most = Math.max(1, ...rows.map((row) => row.reached));
  return (
    <section aria-labelledby="studio-funnel-title" className="studio-funnel">
      <h2 id="studio-funnel-title">{t('studio.funnel.title')}</h2>
      <p className="studio-form__note">{t('studio.funnel.lead')}</p>
      <div className="studio-funnel__range">
        <label className="console-field">
          <span>{t('studio.funnel.from')}</span>
          <input type="date" value={range.from} max={range.to} onChange={(event) => event.target.value && setRange((before) => ({ ...before, from: event.target.value }))} />
        </label>
        <label className="console-field">
          <span>{t('studio.funnel.to')}</span>
          <input type="date" value={range.to} min={range.from} onChange={(event) => event.target.value && setRange((before) => ({ ...before, to: event.target.value }))} />
        </label>
      </div>
      {failed !== undefined && <Alert kind="error">{failureMessage(failed, t)}</Alert>}
      {funnel && rows.length === 0 && <p>{t('studio.funnel.none')}</p>}
      {rows.length > 0 && (
        <DataTable<StepFigures>
          label={t('studio.funnel.title')}
          rows={rows}
          rowKey={(row) => `${row.stepId} ${row.version}`}
          columns={[
            { id: 'step', header: t('studio.step'), rowHeader: true, cell: (row) => tApp(`step.${row.stepId}.title`, { defaultValue: row.stepId }) },
            { id: 'version', header: t('studio.funnel.version'), cell: (row) => (row.version === 0 ? t('studio.builtIn') : t('studio.versionN', { version: row.version })) },
            {
              id: 'reached',
              header: t('studio.funnel.reached'),
              cell: (row) => (
                <span className="studio-funnel__bar">
                  <meter min={0} max={most} value={row.reached} aria-label={t('studio.funnel.reachedOf', { count: row.reached, most })} /> {row.reached}
                </span>
              ),
            },
            { id: 'completed', header: t('studio.funnel.completed'), cell: (row) => row.completed },
            { id: 'left', header: t('studio.funnel.left'), cell: (row) => (row.reached ? t('studio.funnel.leftShare', { count: row.left, share: Math.round((100 * row.left) / row.reached) }) : row.left) },
            { id: 'median', header: t('studio.funnel.median'), cell: (row) => (row.medianSeconds === null ? '—' : duration(row.medianSeconds, t)) },
          ]}
        />
      )}
    </section>
  );
}
