// Sanctions and PEP screening of the case: against which list versions, what matched and why, and a
// supervisor's decision on a hit (cleared as a false match, or confirmed), with a reason.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, post } from '../api.ts';
import { Alert, formatDate } from '../parts.tsx';
import { can, useSession } from '../session.tsx';
import type { Screening } from './types.ts';

function Decision({ caseId, screening, onDecided }: { caseId: string; screening: Screening; onDecided(): void }): ReactElement {
  const { t } = useTranslation('console');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const decide = (outcome: 'cleared' | 'confirmed') =>
    post(`applications/${encodeURIComponent(caseId)}/screening/${encodeURIComponent(screening.id)}/decide`, { outcome, reason })
      .then(() => {
        setError(undefined);
        onDecided();
      })
      .catch((caught: unknown) => setError(failureMessage(caught, t)));
  return (
    <form className="screening-decision" onSubmit={(event) => event.preventDefault()}>
      {error && <Alert kind="error">{error}</Alert>}
      <label className="console-field">
        <span>{t('screening.reason')}</span>
        <textarea value={reason} rows={2} maxLength={2000} required onChange={(event) => setReason(event.target.value)} />
      </label>
      <div className="console-row-actions">
        <button type="button" className="console-button" disabled={reason.trim().length < 3} onClick={() => void decide('cleared')}>
          {t('screening.clear')}
        </button>
        <button type="button" className="console-button console-button--danger" disabled={reason.trim().length < 3} onClick={() => void decide('confirmed')}>
          {t('screening.confirm')}
        </button>
      </div>
    </form>
  );
}

export function ScreeningPanel({ caseId, screenings, onDecided }: { caseId: string; screenings: Screening[]; onDecided(): void }): ReactElement {
  const { t, i18n } = useTranslation('console');
  const { staff } = useSession();
  const [latest] = screenings;
  if (!latest) return <p>{t('screening.none')}</p>;
  return (
    <div className="screening">
      <p>
        <strong>{t(`screening.state.${latest.state}`)}</strong> · {formatDate(latest.screenedAt, i18n.language)}
      </p>
      <p className="console-sub">
        {latest.lists.length === 0 ? t('screening.noLists') : t('screening.against', { lists: latest.lists.map((list) => `${list.name} (v${list.version})`).join(', ') })}
      </p>
      {latest.state === 'hit' && <Alert kind="error">{t('screening.hold')}</Alert>}
      {latest.hits.length > 0 && (
        <ol className="screening-hits">
          {latest.hits.map((hit) => (
            <li key={`${hit.list.id}-${hit.ref}`}>
              <p>
                <strong>{hit.listedName}</strong> · {t(`screening.category.${hit.category}`)} · {hit.list.name} {hit.ref} · {t('screening.score', { score: Math.round(hit.score * 100) })}
              </p>
              <ul className="console-sub">
                {hit.why.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {latest.decidedAt && <p>{t('screening.decided', { name: latest.deciderName ?? '?', date: formatDate(latest.decidedAt, i18n.language), reason: latest.decisionReason ?? '' })}</p>}
      {latest.state === 'hit' && can(staff, 'screening.decide') && <Decision caseId={caseId} screening={latest} onDecided={onDecided} />}
    </div>
  );
}
