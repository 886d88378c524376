// One case, whole: who works it, the decision, every answer, the documents, the identity check, the
// payment, the history of submissions, notes and the audit.
import { useCallback, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { evidencePackUrl, failureMessage, get } from '../api.ts';
import { AuditPanel } from '../case/AuditPanel.tsx';
import { ClaimBar } from '../case/ClaimBar.tsx';
import { DecisionPanel } from '../case/DecisionPanel.tsx';
import { DocumentViewer } from '../case/DocumentViewer.tsx';
import { HistoryPanel } from '../case/HistoryPanel.tsx';
import { IdentityPanel } from '../case/IdentityPanel.tsx';
import { NotesPanel } from '../case/NotesPanel.tsx';
import { PaymentPanel } from '../case/PaymentPanel.tsx';
import { RiskPanel } from '../case/RiskPanel.tsx';
import { ScreeningPanel } from '../case/ScreeningPanel.tsx';
import { StepAnswers } from '../case/StepAnswers.tsx';
import type { CaseView } from '../case/types.ts';
import { Alert, DueTime, useMarketNames } from '../parts.tsx';
import { can, useSession } from '../session.tsx';
import { Flags } from './QueuePage.tsx';

/** Where the case stands, as the queue names it (the server's caseState). */
function stateOf(application: CaseView['application']): string {
  if (application.status === 4) return 'approved';
  if (application.status === 5) return 'rejected';
  if (application.firstApprovedBy) return 'secondApproval';
  // A resubmission is listed as such, whoever holds it (it returns to the reviewer who rejected it).
  if (application.submissionCount > 1) return 'resubmitted';
  return application.assignedTo ? 'inReview' : 'submitted';
}

/** How often an open case asks whether it moved. */
const FOLLOW_MS = 5_000;

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }): ReactElement {
  return (
    <section className="case-panel" aria-labelledby={`panel-${id}`}>
      <h2 id={`panel-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

export function CasePage({ id }: { id: string }): ReactElement {
  const { t } = useTranslation('console');
  const { staff } = useSession();
  const marketNames = useMarketNames();
  const [view, setView] = useState<CaseView>();
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  // The stamp of the case as shown: a colleague's claim, note or decision, or the applicant's
  // resubmission, moves it, and the case is read again (asked every few seconds while the tab is seen).
  const shownStamp = useRef<string | undefined>(undefined);
  const [changedElsewhere, setChangedElsewhere] = useState(false);

  const load = useCallback(async () => {
    try {
      const { stamp } = await get<{ stamp: string }>(`applications/${encodeURIComponent(id)}/stamp`);
      setView(await get<CaseView>(`applications/${encodeURIComponent(id)}`));
      shownStamp.current = stamp;
      setError(undefined);
    } catch (caught) {
      setError(failureMessage(caught, t));
    }
  }, [id, t]);
  useEffect(() => void load(), [load]);
  /** After one's own claim, note or decision: the case as it is now, with no word of a colleague's change. */
  const reloadAfterOwn = () => {
    setChangedElsewhere(false);
    void load();
  };
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible' || !shownStamp.current) return;
      get<{ stamp: string }>(`applications/${encodeURIComponent(id)}/stamp`).then(
        ({ stamp }) => {
          if (stamp === shownStamp.current) return;
          setChangedElsewhere(true);
          void load();
        },
        () => undefined, // the next tick asks again
      );
    }, FOLLOW_MS);
    return () => clearInterval(timer);
  }, [id, load]);

  if (!view || !staff)
    return error ? (
      <>
        <Alert kind="error">{error}</Alert>
        <Link href="/">{t('case.back')}</Link>
      </>
    ) : (
      <p>{t('case.loading')}</p>
    );
  const { application, member } = view;
  const stateKey = `queue.state.${stateOf(application)}`;

  return (
    <article className="case">
      <p>
        <Link href="/">{t('case.back')}</Link>
      </p>
      <header className="case-header">
        <h1>{application.applicantName ?? t('queue.noName')}</h1>
        <p>
          {t('case.status')}: <strong>{t(stateKey)}</strong> · {marketNames(application.market)}
          {application.status === 5 && application.rejectionKind && <> · {t('case.sentBackAs', { kind: t(`decision.outcomes.${application.rejectionKind}`) })}</>}
        </p>
        {(application.status === 2 || application.status === 3) && application.dueAt && (
          <p>
            <DueTime dueAt={application.dueAt} overdue={new Date(application.dueAt).getTime() < Date.now()} long />
          </p>
        )}
        <p className="console-sub">{t('case.member', { countryCode: member.countryCode, mobile: member.mobile, hsNo: member.hsNo ?? t('case.noClientNumber') })}</p>
        {view.existingMarkets !== null && <p>{t('case.existingAccounts', { markets: marketNames(view.existingMarkets) })}</p>}
        <Flags item={{ ...application, identityMismatch: view.identityMismatch }} />
        {view.secondApprovalReasons.length > 0 && !application.firstApprovedBy && (application.status === 2 || application.status === 3) && (
          <Alert kind="info">{t('case.secondApproval', { reasons: view.secondApprovalReasons.map((reason) => t(`flag.${reason}`)).join(', ') })}</Alert>
        )}
        {can(staff, 'cases.evidence') && (application.status === 4 || application.status === 5) && (
          <p className="case-evidence">
            <a className="console-button" href={evidencePackUrl(application.id)} download>
              {t('case.evidencePack')}
            </a>{' '}
            <span className="console-sub">{t('case.evidencePackHint')}</span>
          </p>
        )}
      </header>
      {message && <Alert kind="success">{t(message)}</Alert>}
      {changedElsewhere && <Alert kind="info">{t('case.changedElsewhere')}</Alert>}
      {error && (
        <Alert kind="error">
          {error}{' '}
          <button type="button" className="console-button" onClick={() => void load()}>
            {t('case.reload')}
          </button>
        </Alert>
      )}
      <div className="case-layout">
        <div className="case-layout__side">
          <Panel id="decision" title={t('case.decision')}>
            <ClaimBar view={view} me={staff} onChanged={reloadAfterOwn} />
            <DecisionPanel
              key={`${application.status}-${application.firstApprovedBy ?? ''}`}
              view={view}
              me={staff}
              onDecided={(done) => {
                setMessage(done);
                reloadAfterOwn();
              }}
            />
          </Panel>
          <Panel id="risk" title={t('case.risk')}>
            <RiskPanel risk={view.risk} />
          </Panel>
          <Panel id="screening" title={t('case.screening')}>
            <ScreeningPanel caseId={application.id} view={view} onDecided={reloadAfterOwn} />
          </Panel>
          <Panel id="payment" title={t('case.payment')}>
            <PaymentPanel payments={view.payments} />
          </Panel>
          <Panel id="notes" title={t('case.notes')}>
            <NotesPanel caseId={application.id} notes={view.notes} onSaved={reloadAfterOwn} />
          </Panel>
        </div>
        <div className="case-layout__main">
          <Panel id="documents" title={t('case.documents')}>
            <DocumentViewer caseId={application.id} documents={view.documents} />
          </Panel>
          <Panel id="identity" title={t('case.identity')}>
            <IdentityPanel view={view} />
          </Panel>
          <Panel id="history" title={t('case.history')}>
            <HistoryPanel view={view} />
          </Panel>
          <Panel id="answers" title={t('case.answers')}>
            <StepAnswers view={view} />
          </Panel>
          <Panel id="audit" title={t('case.audit')}>
            <AuditPanel entries={view.audit} view={view} />
          </Panel>
        </div>
      </div>
    </article>
  );
}
