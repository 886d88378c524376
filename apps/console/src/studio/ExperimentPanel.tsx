// A step's experiment: the version tried on a share of new applications beside the live one, how the
// two compare (people who reached the step, went on, were held back at a field) with a plain statement
// of whether each difference is more than chance, and its end: asked by one editor, done by another.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, get, post } from '../api.ts';
import { DataTable } from '../DataTable.tsx';
import { Alert, formatDate } from '../parts.tsx';
import type { ArmComparison, ArmFigures, Experiment } from './types.ts';

interface Props {
  stepId: string;
  /** The signed-in editor. */
  staffId: string | undefined;
  /** Changes when the step's history changes (an experiment started elsewhere on the page). */
  revision: string;
  /** Shows a step's ended experiment only while its version tried is open. */
  openVersion: number;
  /** After the end: the version tried is opened (live now, or retired). */
  onEnded(version: number): Promise<void>;
}

const percent = (part: number, whole: number) => (whole ? Math.round((100 * part) / whole) : 0);

export function ExperimentPanel({ stepId, staffId, revision, openVersion, onEnded }: Props): ReactElement | null {
  const { t, i18n } = useTranslation('console');
  const [experiment, setExperiment] = useState<Experiment | null>();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => get<Experiment | null>(`studio/steps/${stepId}/experiment`).then(setExperiment), [stepId]);
  useEffect(() => {
    load().catch((caught: unknown) => setMessage({ kind: 'error', text: failureMessage(caught, t) }));
  }, [load, revision, t]);

  if (!experiment || (experiment.endedAt && experiment.version !== openVersion)) return message ? <Alert kind={message.kind}>{message.text}</Alert> : null;
  const name = (version: number) => (version === 0 ? t('studio.builtIn') : t('studio.versionN', { version }));
  const running = !experiment.endedAt;
  const asked = experiment.endAskedBy !== null;
  const mine = experiment.endAskedById === staffId;
  const act = async (path: string, body: unknown, done: string, after?: () => Promise<void>) => {
    setBusy(true);
    setMessage(undefined);
    try {
      await post(`studio/steps/${stepId}/experiment/${path}`, body);
      await load();
      await after?.();
      setMessage({ kind: 'success', text: done });
    } catch (caught) {
      setMessage({ kind: 'error', text: failureMessage(caught, t) });
    } finally {
      setBusy(false);
    }
  };
  const rows: (ArmFigures & { tried: boolean })[] = [
    { ...experiment.arms.tried, tried: true },
    { ...experiment.arms.live, tried: false },
  ];
  const names = { tried: name(experiment.version), live: name(experiment.control) };
  const statement = (measure: 'completed' | 'erred', comparison: ArmComparison) => {
    if (comparison.verdict === 'tooFew') return t('studio.experiment.tooFew', { fewest: 20 });
    const p = comparison.p === null ? '' : comparison.p < 0.001 ? 'p < 0.001' : `p = ${comparison.p.toFixed(3)}`;
    if (comparison.verdict === 'chance') return t(`studio.experiment.chance.${measure}`, { p });
    const [more, less] = comparison.verdict === 'tried' ? [names.tried, names.live] : [names.live, names.tried];
    return t(`studio.experiment.more.${measure}`, { more, less, p });
  };

  return (
    <section aria-labelledby="studio-experiment-title" className="studio-experiment">
      <h2 id="studio-experiment-title">{t(running ? 'studio.experiment.running' : 'studio.experiment.ended', { tried: names.tried, live: names.live, share: experiment.share })}</h2>
      <p>
        {t('studio.experiment.started', { name: experiment.startedBy, at: formatDate(experiment.startedAt, i18n.language) })}
        {experiment.endedAt &&
          ` · ${t(experiment.endOutcome === 'adopt' ? 'studio.experiment.adopted' : 'studio.experiment.stopped', { version: names.tried, name: experiment.endedBy ?? '', at: formatDate(experiment.endedAt, i18n.language) })}`}
      </p>
      <DataTable<ArmFigures & { tried: boolean }>
        label={t('studio.experiment.figures')}
        rows={rows}
        rowKey={(row) => String(row.version)}
        compact
        columns={[
          { id: 'version', header: t('studio.funnel.version'), rowHeader: true, cell: (row) => t(row.tried ? 'studio.experiment.triedName' : 'studio.experiment.liveName', { version: row.tried ? names.tried : names.live }) },
          { id: 'reached', header: t('studio.funnel.reached'), cell: (row) => row.reached },
          { id: 'completed', header: t('studio.funnel.completed'), cell: (row) => t('studio.experiment.share', { n: row.completed, share: percent(row.completed, row.reached) }) },
          { id: 'erred', header: t('studio.experiment.erred'), cell: (row) => t('studio.experiment.share', { n: row.erred, share: percent(row.erred, row.reached) }) },
        ]}
      />
      <ul className="studio-experiment__verdicts">
        <li>{statement('completed', experiment.completion)}</li>
        <li>{statement('erred', experiment.errors)}</li>
      </ul>
      {running && !asked && (
        <div className="studio-actions" role="group" aria-label={t('studio.experiment.end')}>
          <button type="button" className="console-button" disabled={busy} onClick={() => void act('end', { outcome: 'adopt' }, t('studio.experiment.done.asked'))}>
            {t('studio.experiment.askAdopt', { version: names.tried })}
          </button>
          <button type="button" className="console-button" disabled={busy} onClick={() => void act('end', { outcome: 'stop' }, t('studio.experiment.done.asked'))}>
            {t('studio.experiment.askStop', { version: names.live })}
          </button>
        </div>
      )}
      {running && asked && (
        <div className="studio-actions" role="group" aria-label={t('studio.experiment.end')}>
          <p className="studio-form__note">
            {t(experiment.endOutcome === 'adopt' ? 'studio.experiment.askedAdopt' : 'studio.experiment.askedStop', { name: experiment.endAskedBy ?? '', tried: names.tried, live: names.live })}
            {mine && ` ${t('studio.experiment.waiting')}`}
          </p>
          {!mine && (
            <button type="button" className="console-button console-button--main" disabled={busy} onClick={() => void act('end/confirm', undefined, t(experiment.endOutcome === 'adopt' ? 'studio.experiment.done.adopted' : 'studio.experiment.done.stopped'), () => onEnded(experiment.version))}>
              {t('studio.experiment.confirm')}
            </button>
          )}
          <button type="button" className="console-button" disabled={busy} onClick={() => void act('end/withdraw', undefined, t('studio.experiment.done.withdrawn'))}>
            {t(mine ? 'studio.experiment.withdraw' : 'studio.experiment.decline')}
          </button>
        </div>
      )}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </section>
  );
}
