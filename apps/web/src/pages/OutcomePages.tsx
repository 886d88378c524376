// The pages a new applicant's first steps never open: the rejection, the submission's result, the
// inactive Malaysian account, the add-market choice and the agreement's PDF. A chunk of their own,
// loaded when the flow is about to open one (ApplicationRoot).
import { MARKET, STEP_NAMES, hasMarket, parseRejectedReason, resultRoute, rejectedItemTexts, stepByName, type RejectedItem, type RejectedItemText, type StepName } from '@kh/flow';
import { PageLayout, PdfViewer } from '@kh/ui';
import { ApiError, type KhInfoDto } from '@kh/api';
import { Suspense, use, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { clearDrafts } from '../app/drafts.ts';
import { useApplication } from '../app/application.tsx';
import { endpoints, toasts } from '../app/services.ts';
import { loadDictionaryIn } from '../app/step-assets.ts';
import { writeSupplementCookie } from '../app/supplement-cookie.ts';
import type { OutcomeStep } from './outcome-steps.ts';
import { ApplicationPdfLink, Main, openedMarketNames } from './status-card.tsx';

function RejectReasons({ items, language, comments }: { items: RejectedItem[]; language: string; comments?: Record<string, string> | null }): ReactElement {
  const { t } = useTranslation();
  const reasons = use(loadDictionaryIn('RejectReason', language)) as { value: unknown; label: Record<string, string> }[];
  const said = (text: RejectedItemText) => ('label' in text ? text.label : 'stepTitleKey' in text ? t('common.rejectedInStep', { step: t(text.stepTitleKey) }) : t('errors.modifyInformation'));
  // Each reason once, with the reviewer's comments on its items, as written.
  const rows = items.map((item) => [said(rejectedItemTexts([item], reasons, language)[0]!), comments?.[`${item.code}-${item.field}`]]);
  return (
    <ul>
      {[...new Set(rows.map(([reason]) => reason))].map((reason) => (
        <li key={reason}>
          {reason}
          {rows.map(([each, comment], index) => each === reason && comment && <q key={index}>{comment}</q>)}
        </li>
      ))}
    </ul>
  );
}

export function RejectionPage(): ReactElement {
  const { t, i18n } = useTranslation();
  const app = useApplication();
  const items = parseRejectedReason(app.record.rejectedReason);
  // A request for more information is told as one; a final rejection offers no way back into the steps.
  const kind = app.actor.getSnapshot().context.rejectionKind;
  const title = t(kind === 'moreInformation' ? 'common.moreInformationTitle' : kind === 'final' ? 'common.rejectedFinalTitle' : 'common.reviewFailedTitle');
  return (
    <PageLayout layout="Gradient" title={title}>
      <div className="status-card">
        <h1 className="status-card__title">{title}</h1>
        {kind === 'moreInformation' && <p>{t('common.moreInformationIntro')}</p>}
        {/* The reasons' names come with their dictionary; the rest of the page does not wait for it. */}
        <Suspense fallback={null}>
          <RejectReasons items={items} language={i18n.language} comments={app.record.rejectionComments} />
        </Suspense>
        {app.record.rejectionNote && (
          <figure className="status-card__note">
            <figcaption>{t('common.reviewerNote')}</figcaption>
            {/* As the reviewer wrote it, in their words: never translated. */}
            <blockquote>{app.record.rejectionNote}</blockquote>
          </figure>
        )}
        {kind === 'final' ? (
          <p>{t('common.rejectedFinalText')}</p>
        ) : (
          <Main onClick={() => app.actor.send({ type: 'NEXT' })} label={t(kind === 'moreInformation' ? 'flow.button.provideInformation' : 'errors.modifyInformation')} />
        )}
      </div>
    </PageLayout>
  );
}

type Submission = { kind: 'submitting' } | { kind: 'done'; record: KhInfoDto } | { kind: 'failed'; reason: string; steps: StepName[] };

/** The steps a refused submit names (the server's `steps` of stepsIncomplete), as the flow's steps. */
function incompleteSteps(error: unknown): StepName[] {
  const named = error instanceof ApiError ? (error.data as { steps?: { step?: unknown }[] } | undefined)?.steps : undefined;
  if (!Array.isArray(named)) return [];
  return named.map((m) => m?.step).filter((step): step is StepName => typeof step === 'string' && STEP_NAMES.includes(step as StepName));
}

/** Why a submit failed, in the applicant's language: the server's own (translated) message, else the catalogue's. */
function failureReason(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) return error.serverMessage && error.status !== undefined && error.status < 500 ? error.serverMessage : t(error.entry.messageKey);
  return t('errors.network');
}

export function ResultPage(): ReactElement {
  const { t, i18n } = useTranslation();
  const app = useApplication();
  const [submission, setSubmission] = useState<Submission>({ kind: 'submitting' });
  // Signature, payment or the last rejected step led here: the application is submitted now. It is
  // never shown as submitted unless the server says it is.
  async function submit() {
    setSubmission({ kind: 'submitting' });
    try {
      const current = await endpoints.apply.check();
      if (app.applyId && (current.status === 1 || current.status === 5 || app.relatedType === 'SUPPLEMENT')) {
        if (app.relatedType === 'SUPPLEMENT') {
          // SPEC §4: the markets being added, the account type (chosen when MY is among them) and the application.
          const { addingMarkets, accountType } = app.actor.getSnapshot().context;
          await endpoints.supplement.submit({ applyId: app.applyId, marketType: addingMarkets, ...(accountType !== null ? { accountType } : {}) });
        } else await endpoints.apply.submit({ applyId: app.applyId, relatedType: 'INIT' });
        clearDrafts(app.applyId);
      }
      const record = await endpoints.apply.check();
      const stillDraft = app.relatedType === 'INIT' && (record.status === 1 || record.status === 5);
      if (stillDraft) return setSubmission({ kind: 'failed', reason: t('errors.default'), steps: [] });
      app.actor.send({ type: 'SUBMITTED' });
      setSubmission({ kind: 'done', record });
    } catch (error) {
      setSubmission({ kind: 'failed', reason: failureReason(error, t), steps: incompleteSteps(error) });
    }
  }
  // Once, on arrival: a language change re-renders the page, it does not submit again.
  useEffect(() => void submit(), []);
  /** A step the refusal named: back to it if reached before, else straight to it. */
  function goToStep(step: StepName) {
    const snapshot = app.actor.getSnapshot();
    app.actor.send(snapshot.can({ type: 'GOTO', to: step }) ? { type: 'GOTO', to: step } : { type: 'JUMP', to: step });
  }

  if (submission.kind !== 'done')
    return (
      // The title bar says what happened (it is the page's heading), not "Complete".
      <PageLayout layout="Gradient" title={submission.kind === 'failed' ? t('common.submitFailedTitle') : t('common.submitting')}>
        <div className="status-card" aria-live="polite">
          {submission.kind === 'submitting' ? (
            <p>{t('common.submitting')}</p>
          ) : (
            <>
              <p role="alert">{t('common.submitFailedBody', { reason: submission.reason })}</p>
              {submission.steps.length > 0 && (
                <nav aria-label={t('common.stepsToComplete')}>
                  <p>{t('common.stepsToComplete')}</p>
                  <ul className="status-card__steps">
                    {submission.steps.map((step) => (
                      <li key={step}>
                        <button type="button" className="button button--link" onClick={() => goToStep(step)}>
                          {t('common.completeStep', { step: t(stepByName(step).titleKey) })}
                        </button>
                      </li>
                    ))}
                  </ul>
                </nav>
              )}
              <Main onClick={() => void submit()} label={t('errors.retry')} />
            </>
          )}
        </div>
      </PageLayout>
    );
  const { record } = submission;
  // A supplement waits for its own review, whatever the account's status.
  const success = record.status === 4 && app.relatedType === 'INIT';
  const route = success ? resultRoute({ ...record, status: 4 }, null, { entryCode: app.entryCode, scnl: app.invitationCode }) : undefined;
  return (
    <PageLayout layout="Gradient" title={t('step.complete.title')}>
      <div className="status-card">
        <h1 className="status-card__title">{success ? t('common.successTitle') : t('common.submittedTitle')}</h1>
        <p>{success ? t('common.successBody', { markets: openedMarketNames(record.opened ?? 0, i18n.language) }) : t('common.processingTime')}</p>
        {route && stepByName(route.step).page.newApplication && <Main onClick={() => window.location.assign(route.path)} label={t('flow.button.openMoreMarkets')} />}
        {route && !stepByName(route.step).page.newApplication && <Main onClick={() => app.actor.send({ type: 'NEXT' })} label={t('common.next')} />}
        <ApplicationPdfLink />
      </div>
    </PageLayout>
  );
}

export function MyAbnormalPage(): ReactElement {
  const { t } = useTranslation();
  const [liveChat, setLiveChat] = useState<string>();
  useEffect(() => void endpoints.dictionary.appUrls().then((urls) => setLiveChat(urls.liveChat), () => undefined), []);
  return (
    <PageLayout layout="Gradient" title={t('common.inactiveTitle')}>
      <div className="status-card">
        <h1 className="status-card__title">{t('common.inactiveTitle')}</h1>
        <p>{t('errors.myInactive')}</p>
        {liveChat && (
          <a className="button button--main" href={liveChat} rel="noopener">
            {t('common.liveChat')}
          </a>
        )}
      </div>
    </PageLayout>
  );
}

const MARKETS = [
  { bit: MARKET.MAS, key: 'field.market.myMarket.label' },
  { bit: MARKET.HK, key: 'field.market.hkMarket.label' },
  { bit: MARKET.US, key: 'field.market.usMarket.label' },
];

export function AddMarketPage(): ReactElement {
  const { t } = useTranslation();
  const app = useApplication();
  const opened = app.record.opened ?? 0;
  const [chosen, setChosen] = useState(0);
  async function next() {
    for (const { bit } of MARKETS) {
      if (!(chosen & bit)) continue;
      const created = await endpoints.supplement.create(bit);
      app.setApplyId((created as { applyId?: string }).applyId ?? app.applyId!, 'SUPPLEMENT');
    }
    document.cookie = writeSupplementCookie({ marketType: chosen, source: app.appSource });
    app.actor.send({ type: 'CHOOSE_MARKETS', markets: chosen });
    app.actor.send({ type: 'NEXT' });
  }
  return (
    <PageLayout layout="Default" title={t('step.reopen.title')} onBack={() => app.actor.send({ type: 'PREVIOUS' })}>
      <fieldset className="choice">
        <legend className="field__label">{t('field.market.intro.label')}</legend>
        <div className="choice__options">
          {MARKETS.filter(({ bit }) => !hasMarket(opened, bit)).map(({ bit, key }) => (
            <span className="choice__option" key={bit}>
              <input type="checkbox" id={`market-${bit}`} checked={(chosen & bit) === bit} onChange={(e) => setChosen((c) => (e.target.checked ? c | bit : c & ~bit))} />
              <label htmlFor={`market-${bit}`}>{t(key)}</label>
            </span>
          ))}
        </div>
      </fieldset>
      <Main onClick={() => void next().catch(() => toasts.show({ kind: 'error', messageKey: 'errors.default' }))} label={t('common.next')} disabled={chosen === 0} />
    </PageLayout>
  );
}

export function PdfPage(): ReactElement {
  const { t } = useTranslation();
  const app = useApplication();
  const id = sessionStorage.getItem('kh.pdf') ?? '6';
  return (
    <PageLayout layout="GWhite" title={t('step.agreement.title')} onBack={() => app.actor.send({ type: 'PREVIOUS' })}>
      <PdfViewer url={endpoints.help.documentUrl(id)} title={t('step.agreement.title')} />
    </PageLayout>
  );
}

/** The outcome page of the flow's state. */
export function OutcomePage({ step }: { step: OutcomeStep }): ReactElement {
  switch (step) {
    case 'rejection':
      return <RejectionPage />;
    case 'result':
      return <ResultPage />;
    case 'myAbnormal':
      return <MyAbnormalPage />;
    case 'addMarket':
      return <AddMarketPage />;
    case 'pdf':
      return <PdfPage />;
  }
}
