// What the second editor may do with a version in review: publish it now, at a time they choose, or
// try it on a share of new applications beside the live version first.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../parts.tsx';
import { impactLines, type Impact } from './PublishImpact.tsx';

interface Props {
  busy: boolean;
  /** The stated migration, when a publish needs one. */
  migration: string;
  onPublish(body: { migration?: string; at?: string }, done: string): void;
  onExperiment(body: { share: number; migration?: string }, done: string): void;
  /** The version in words ("version 3"), for the question. */
  versionName: string;
  /** What publishing would do, once read: a publish asks with it, and waits for it. */
  impact: Impact | undefined;
}

/** The value of a datetime-local box an hour from now, in the browser's time. */
function anHourFromNow(): string {
  const at = new Date(Date.now() + 60 * 60_000);
  at.setSeconds(0, 0);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function PublishChoices({ busy, migration, onPublish, onExperiment, versionName, impact }: Props): ReactElement {
  const { t, i18n } = useTranslation('console');
  const [at, setAt] = useState(anHourFromNow);
  const [share, setShare] = useState(20);
  const stated = migration.trim() ? { migration } : {};
  const when = at ? new Date(at) : undefined;
  // Publishing (now or at a time) asks once the statement of what it would do has loaded, and repeats it.
  const confirmed = (question: string) => !!impact && window.confirm([question, '', ...impactLines(impact, t, i18n.language).map((line) => `• ${line.text}`)].join('\n'));
  return (
    <>
      <button
        type="button"
        className="console-button console-button--main"
        disabled={busy || !impact}
        title={impact ? undefined : t('studio.impact.waiting')}
        onClick={() => confirmed(t('studio.publishQuestion', { version: versionName })) && onPublish(stated, t('studio.done.published'))}
      >
        {t('studio.publish')}
      </button>
      <span className="studio-choice">
        <label>
          {t('studio.schedule.at')} <input type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} />
        </label>
        <button
          type="button"
          className="console-button"
          disabled={busy || !impact || !when || Number.isNaN(when.getTime())}
          onClick={() =>
            when &&
            confirmed(t('studio.schedule.question', { version: versionName, at: formatDate(when.toISOString(), i18n.language) })) &&
            onPublish({ ...stated, at: when.toISOString() }, t('studio.schedule.done', { at: formatDate(when.toISOString(), i18n.language) }))
          }
        >
          {t('studio.schedule.button')}
        </button>
      </span>
      <span className="studio-choice">
        <label>
          {t('studio.experiment.shareLabel')} <input type="number" min={1} max={99} step={1} value={share} onChange={(event) => setShare(Number(event.target.value))} className="studio-choice__share" />
        </label>
        <button type="button" className="console-button" disabled={busy || !Number.isInteger(share) || share < 1 || share > 99} onClick={() => onExperiment({ ...stated, share }, t('studio.experiment.done.started', { share }))}>
          {t('studio.experiment.start')}
        </button>
      </span>
    </>
  );
}
