// Approve market by market (or give the second approval), send back with items and a note to the
// applicant, and set the MY client code. Each decision names the status it was made on: a case
// changed underneath is refused by the server, and the message says so.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, post } from '../api.ts';
import { Alert, useMarketNames } from '../parts.tsx';
import { dictionaries } from '../schemas.ts';
import { can, type Staff } from '../session.tsx';
import { rejectLabel } from './HistoryPanel.tsx';
import type { CaseView } from './types.ts';

const UNDER_REVIEW = new Set([2, 3]);
const MARKET_BITS = [16, 1, 2];

interface DecisionPanelProps {
  view: CaseView;
  me: Staff;
  /** Called with the message key of what was done, shown in the reviewer's language. */
  onDecided(messageKey: string): void;
}

/** How a case goes back to the applicant: to fix and resubmit, to provide more information, or finally. */
const SEND_BACK = ['moreInformation', 'resubmit', 'final'] as const;
type SendBack = (typeof SEND_BACK)[number];

export function DecisionPanel({ view, me, onDecided }: DecisionPanelProps): ReactElement {
  const { t, i18n } = useTranslation('console');
  const marketNames = useMarketNames();
  const { application } = view;
  const open = MARKET_BITS.filter((bit) => (application.market & bit) === bit && (application.opened & bit) !== bit);
  const checking = application.firstApprovedBy !== null;
  const [markets, setMarkets] = useState<number[]>(checking ? MARKET_BITS.filter((bit) => ((application.firstApprovedMarkets ?? 0) & bit) === bit) : open);
  const [items, setItems] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<SendBack>(view.screeningHold === 'confirmed' ? 'final' : 'resubmit');
  const [comments, setComments] = useState<Record<string, string>>({});
  const [finalUnderstood, setFinalUnderstood] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Approving is two steps: the markets, then a short checklist confirmed.
  const [confirming, setConfirming] = useState(false);
  const [ticked, setTicked] = useState<Set<string>>(new Set());

  const act = async (path: string, body: unknown, done: (answer: { awaitingSecondApproval?: boolean }) => string) => {
    setBusy(true);
    setError(undefined);
    try {
      onDecided(done(await post(path, body)));
    } catch (caught) {
      setError(failureMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };
  const base = `applications/${encodeURIComponent(application.id)}`;
  const underReview = UNDER_REVIEW.has(application.status);
  // Decided only by whoever holds the case: an unclaimed case is claimed first, never claimed and approved in one click.
  const mine = application.assignedTo === me.id;
  // The server's own verdict: a hit to decide or a confirmed match holds it, and whoever decided a hit does not approve it.
  const held = view.screeningHold !== null || view.screeningDecidedByViewer;
  const confirmedMatch = view.screeningHold === 'confirmed';
  const ownSecond = checking && (!can(me, 'cases.check') || application.firstApprovedBy === me.id);
  const flagsChosen = markets.reduce((sum, bit) => sum | bit, 0);

  return (
    <div className="case-decision">
      {error && <Alert kind="error">{error}</Alert>}
      {!underReview && <p>{t('decision.notOpen')}</p>}
      {underReview && (
        <form
          aria-label={checking ? t('decision.approveSecond') : t('decision.approve')}
          onSubmit={(event) => {
            event.preventDefault();
            if (flagsChosen === 0) return setError(t('decision.noMarket'));
            setTicked(new Set());
            setConfirming(true);
          }}
        >
          {checking && <p>{t('case.firstApproved', { name: view.firstApproverName ?? '?', markets: marketNames(application.firstApprovedMarkets ?? 0) })}</p>}
          <fieldset className="console-checks">
            <legend>{t('decision.marketsToApprove')}</legend>
            {open.map((bit) => (
              <label key={bit}>
                <input
                  type="checkbox"
                  checked={markets.includes(bit)}
                  disabled={checking}
                  onChange={(event) => setMarkets((before) => (event.target.checked ? [...before, bit] : before.filter((b) => b !== bit)))}
                />{' '}
                {t(`market.${bit}`)}
              </label>
            ))}
          </fieldset>
          {!mine && <p>{t('decision.claimFirst')}</p>}
          {held && <p>{t(confirmedMatch ? 'decision.screeningConfirmed' : view.screeningHold ? 'decision.screeningHeld' : 'decision.screeningDecidedByYou')}</p>}
          <button type="submit" className="console-button console-button--main" disabled={busy || confirming || !mine || held || ownSecond}>
            {checking ? t('decision.approveSecond') : t('decision.approve')}
          </button>
          {confirming && (
            <div className="case-confirm" role="group" aria-label={t('decision.confirmTitle')}>
              <p>
                <strong>{t('decision.confirmQuestion', { markets: marketNames(flagsChosen) })}</strong>
              </p>
              {(['identity', 'documents', 'screening'] as const).map((check) => (
                <label key={check}>
                  <input
                    type="checkbox"
                    checked={ticked.has(check)}
                    onChange={(event) =>
                      setTicked((before) => {
                        const next = new Set(before);
                        if (event.target.checked) next.add(check);
                        else next.delete(check);
                        return next;
                      })
                    }
                  />{' '}
                  {t(`decision.check.${check}${check === 'identity' && view.identityMismatch ? 'Differs' : ''}`)}
                </label>
              ))}
              <div className="console-row-actions">
                <button
                  type="button"
                  className="console-button console-button--main"
                  disabled={busy || ticked.size < 3}
                  onClick={() => {
                    setConfirming(false);
                    void act(`${base}/approve`, { markets: flagsChosen, expectedStatus: application.status }, (answer) => (answer.awaitingSecondApproval ? 'decision.awaitingSecond' : 'decision.approved'));
                  }}
                >
                  {t('decision.confirm')}
                </button>
                <button type="button" className="console-button" onClick={() => setConfirming(false)}>
                  {t('decision.cancel')}
                </button>
              </div>
            </div>
          )}
        </form>
      )}
      {/* A case waiting for its second approval is the checker's to send back, as to approve. */}
      {underReview && !ownSecond && (
        <form
          aria-label={t('decision.sendBack')}
          onSubmit={(event) => {
            event.preventDefault();
            if (items.length === 0) return setError(t('decision.noItem'));
            if (outcome === 'moreInformation' && !note.trim()) return setError(t('decision.messageNeeded'));
            const path = outcome === 'moreInformation' ? `${base}/request-information` : `${base}/reject`;
            // Only the comments on items still ticked, and not empty.
            const said = Object.fromEntries(Object.entries(comments).filter(([item, text]) => items.includes(item) && text.trim()));
            void act(path, { items, note: note.trim() || undefined, ...(Object.keys(said).length > 0 ? { comments: said } : {}), ...(outcome === 'final' ? { final: true } : {}), expectedStatus: application.status }, () => `decision.done.${outcome}`);
          }}
        >
          <fieldset className="console-checks console-checks--list">
            <legend>{t('decision.outcome')}</legend>
            {/* A confirmed match is refused finally, never sent back to be corrected. */}
            {SEND_BACK.filter((each) => !confirmedMatch || each === 'final').map((each) => (
              <label key={each}>
                <input type="radio" name="outcome" value={each} checked={outcome === each} onChange={() => setOutcome(each)} /> {t(`decision.outcomes.${each}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="console-checks console-checks--list">
            <legend>{t(outcome === 'moreInformation' ? 'decision.requestItems' : 'decision.rejectItems')}</legend>
            {dictionaries.RejectReason.map((entry) => {
              const value = String(entry.value);
              return (
                <div key={value} className="decision-item">
                  <label>
                    <input type="checkbox" checked={items.includes(value)} onChange={(event) => setItems((before) => (event.target.checked ? [...before, value] : before.filter((i) => i !== value)))} />{' '}
                    {rejectLabel(value, i18n.language)}
                  </label>
                  {/* A comment on the item, shown to the applicant beside it, as written. */}
                  {items.includes(value) && (
                    <input
                      className="decision-item__comment"
                      aria-label={t('decision.commentOn', { item: rejectLabel(value, i18n.language) })}
                      placeholder={t('decision.commentPlaceholder')}
                      maxLength={500}
                      value={comments[value] ?? ''}
                      onChange={(event) => setComments((before) => ({ ...before, [value]: event.target.value }))}
                    />
                  )}
                </div>
              );
            })}
          </fieldset>
          <label className="console-field">
            <span>{t(outcome === 'moreInformation' ? 'decision.requestNote' : 'decision.rejectNote')}</span>
            <textarea value={note} maxLength={2000} rows={3} aria-required={outcome === 'moreInformation'} onChange={(event) => setNote(event.target.value)} />
          </label>
          {outcome === 'final' && (
            <label className="console-field console-field--check">
              <input type="checkbox" checked={finalUnderstood} onChange={(event) => setFinalUnderstood(event.target.checked)} /> {t('decision.finalUnderstood')}
            </label>
          )}
          <button type="submit" className={outcome === 'moreInformation' ? 'console-button' : 'console-button console-button--danger'} disabled={busy || (outcome === 'final' && !finalUnderstood)}>
            {t(`decision.submit.${outcome}`)}
          </button>
        </form>
      )}
      {application.relatedType === 'INIT' && (application.opened & 16) === 16 && (
        <div className="case-decision__code">
          <p>
            {t('decision.myClientCode')}: <strong>{application.masClientCodeActive ? t('decision.myClientCodeActive') : t('decision.myClientCodeInactive')}</strong>
          </p>
          {/* A second person confirms it (a supervisor, on the Changes page): here it is asked for. */}
          <button type="button" className="console-button" disabled={busy} onClick={() => void act(`members/${encodeURIComponent(application.memberId)}/my-client-code`, { active: !application.masClientCodeActive }, () => 'decision.myClientCodeAsked')}>
            {application.masClientCodeActive ? t('decision.askInactive') : t('decision.askActive')}
          </button>
        </div>
      )}
    </div>
  );
}
