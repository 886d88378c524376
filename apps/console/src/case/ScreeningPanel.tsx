// Sanctions and PEP screening of the case: every screening (at a submit, or again when a list
// changed), against which list versions, what matched and why, and each hit's decision (made here,
// or carried from an earlier decision on the same person and entry). A supervisor decides each open
// hit: a different person (cleared) or the listed person (confirmed, asked twice: the case can then
// only be refused finally). A confirmed match is lifted only by two supervisors (an override, proposed
// here, confirmed by another on the Changes page). Below: every decision ever made on this person,
// and the runs that screened everyone against a new list version.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, post } from '../api.ts';
import { Alert, formatDate } from '../parts.tsx';
import { can, useSession } from '../session.tsx';
import type { CaseView, Screening, ScreeningHit } from './types.ts';

type Outcome = 'cleared' | 'confirmed';

function HitDecision({ caseId, screening, hit, onDecided }: { caseId: string; screening: Screening; hit: ScreeningHit; onDecided(): void }): ReactElement {
  const { t } = useTranslation('console');
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState<Outcome>();
  const [error, setError] = useState<string>();
  const decide = (outcome: Outcome) =>
    post(`applications/${encodeURIComponent(caseId)}/screening/${encodeURIComponent(screening.id)}/decide`, { outcome, reason, hits: [{ listName: hit.list.name, ref: hit.ref }] })
      .then(() => {
        setError(undefined);
        setAsking(undefined);
        onDecided();
      })
      .catch((caught: unknown) => setError(failureMessage(caught, t)));
  const label = `${hit.list.name} ${hit.ref}`;
  return (
    <form className="screening-decision" aria-label={t('screening.decideHit', { hit: label })} onSubmit={(event) => event.preventDefault()}>
      {error && <Alert kind="error">{error}</Alert>}
      <label className="console-field">
        <span>{t('screening.reason')}</span>
        <textarea value={reason} rows={2} maxLength={2000} required onChange={(event) => setReason(event.target.value)} />
      </label>
      {asking ? (
        <div className="case-confirm" role="group" aria-label={t('screening.askTitle')}>
          <p>
            <strong>{t(`screening.ask.${asking}`, { hit: label })}</strong>
          </p>
          <div className="console-row-actions">
            <button type="button" className={asking === 'confirmed' ? 'console-button console-button--danger' : 'console-button console-button--main'} onClick={() => void decide(asking)}>
              {t(`screening.askYes.${asking}`)}
            </button>
            <button type="button" className="console-button" onClick={() => setAsking(undefined)}>
              {t('decision.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="console-row-actions">
          <button type="button" className="console-button" disabled={reason.trim().length < 3} onClick={() => setAsking('cleared')}>
            {t('screening.clear')}
          </button>
          <button type="button" className="console-button console-button--danger" disabled={reason.trim().length < 3} onClick={() => setAsking('confirmed')}>
            {t('screening.confirm')}
          </button>
        </div>
      )}
    </form>
  );
}

function Override({ caseId, onProposed }: { caseId: string; onProposed(): void }): ReactElement {
  const { t } = useTranslation('console');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  if (done) return <Alert kind="success">{t('screening.overrideProposed')}</Alert>;
  return (
    <details className="screening-override">
      <summary>{t('screening.override')}</summary>
      <p className="console-sub">{t('screening.overrideHelp')}</p>
      {error && <Alert kind="error">{error}</Alert>}
      <label className="console-field">
        <span>{t('screening.overrideReason')}</span>
        <textarea value={reason} rows={2} maxLength={2000} onChange={(event) => setReason(event.target.value)} />
      </label>
      <button
        type="button"
        className="console-button"
        disabled={reason.trim().length < 3}
        onClick={() =>
          void post(`applications/${encodeURIComponent(caseId)}/screening/override`, { reason })
            .then(() => {
              setDone(true);
              onProposed();
            })
            .catch((caught: unknown) => setError(failureMessage(caught, t)))
        }
      >
        {t('screening.overridePropose')}
      </button>
    </details>
  );
}

export function ScreeningPanel({ caseId, view, onDecided }: { caseId: string; view: Pick<CaseView, 'screenings' | 'screeningDecisions' | 'screeningRuns' | 'screeningHold'>; onDecided(): void }): ReactElement {
  const { t, i18n } = useTranslation('console');
  const { staff } = useSession();
  const { screenings, screeningDecisions, screeningRuns, screeningHold } = view;
  const supervisor = can(staff, 'screening.decide');
  if (screenings.length === 0) return <p>{t('screening.none')}</p>;
  return (
    <div className="screening">
      {screeningHold === 'confirmed' && <Alert kind="error">{t('screening.confirmedHold')}</Alert>}
      {screeningHold === 'hit' && <Alert kind="error">{t('screening.hold')}</Alert>}
      {screeningHold === 'confirmed' && supervisor && <Override caseId={caseId} onProposed={onDecided} />}
      <ol className="screening-results">
        {screenings.map((screening) => (
          <li key={screening.id}>
            <p>
              <strong>{t(`screening.state.${screening.state}`)}</strong> · {t(`screening.kind.${screening.kind}`)} · {formatDate(screening.screenedAt, i18n.language)}
            </p>
            <p className="console-sub">
              {screening.lists.length === 0 ? t('screening.noLists') : t('screening.against', { lists: screening.lists.map((list) => `${list.name} (v${list.version})`).join(', ') })} ·{' '}
              {t('screening.subject', { name: screening.subject.name, birthDate: screening.subject.birthDate ?? '?', nationality: screening.subject.nationality ?? '?' })}
            </p>
            {screening.hits.length > 0 && (
              <ol className="screening-hits">
                {screening.hits.map((hit) => {
                  const decided = screening.decisions.find((d) => d.listName === hit.list.name && d.ref === hit.ref);
                  const open = !decided && hit.carried?.outcome !== 'confirmed' && !hit.carried;
                  return (
                    <li key={`${hit.list.id}-${hit.ref}`}>
                      <p>
                        <strong>{hit.listedName}</strong> · {t(`screening.category.${hit.category}`)} · {hit.list.name} {hit.ref} · {t('screening.score', { score: Math.round(hit.score * 100) })}
                      </p>
                      <ul className="console-sub">
                        {hit.why.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                      {decided && <p>{t(`screening.decidedAs.${decided.outcome}`, { name: decided.deciderName ?? '?', date: formatDate(decided.decidedAt, i18n.language), reason: decided.reason })}</p>}
                      {!decided && hit.carried && <p>{t(`screening.carried.${hit.carried.outcome}`, { name: hit.carried.deciderName ?? '?', date: formatDate(hit.carried.decidedAt, i18n.language), reason: hit.carried.reason })}</p>}
                      {!decided && !hit.carried && <p className="studio-bad">{t('screening.undecided')}</p>}
                      {(open || (hit.carried?.outcome === 'cleared' && !decided)) && supervisor && <HitDecision caseId={caseId} screening={screening} hit={hit} onDecided={onDecided} />}
                    </li>
                  );
                })}
              </ol>
            )}
          </li>
        ))}
      </ol>
      <h3 className="console-form-title">{t('screening.onPerson')}</h3>
      {screeningDecisions.length === 0 ? (
        <p className="console-sub">{t('screening.noDecisions')}</p>
      ) : (
        <ul className="screening-person">
          {screeningDecisions.map((decision) => (
            <li key={decision.id}>
              {t(`screening.decidedAs.${decision.outcome}`, { name: decision.deciderName ?? '?', date: formatDate(decision.decidedAt, i18n.language), reason: decision.reason })} · {decision.listName} {decision.ref} ·{' '}
              {decision.thisCase ? t('screening.thisCase') : t('screening.otherCase', { id: decision.applicationId })}
              {decision.overriddenAt && <> · {t('screening.overridden', { date: formatDate(decision.overriddenAt, i18n.language) })}</>}
            </li>
          ))}
        </ul>
      )}
      {screeningRuns.length > 0 && (
        <>
          <h3 className="console-form-title">{t('screening.runs')}</h3>
          <ul className="screening-runs console-sub">
            {screeningRuns.map((run) => (
              <li key={run.id}>{t(`screening.run.${run.state}`, { list: `${run.listName} (v${run.version})`, date: formatDate(run.finishedAt ?? run.startedAt, i18n.language), found: run.newHit ? t('screening.runFound') : t('screening.runNothing') })}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
