// Identity verification (SPEC §4): start, then the provider's page, then the transit page (poll),
// then personal details prefilled, or the failure with its reason and a retry. On a PC: the
// choose-device page (ChooseDevicePage.tsx, a PC's only) with a QR code, or "Continue on this device".
import { RETURN_URLS } from '@kh/flow';
import { compile, normaliseDocumentNumber } from '@kh/engine';
import { PageLayout } from '@kh/ui';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplication, type ApplicationState } from '../app/application.tsx';
import { isHandoff } from '../app/saved-flow.ts';
import { FailureScreen, TransitScreen, usePollUntil } from './Transit.tsx';
import { ApiError, IDENTITY_UNAVAILABLE, type EkycResult } from '@kh/api';
import { clearDraft, loadDraft } from '../app/drafts.ts';
import { FormStepPage } from './FormStepPage.tsx';
import { bridge } from '../app/platform.ts';
import { endpoints, toasts } from '../app/services.ts';
import { loadStepAssets } from '../app/step-assets.ts';

const MIN_APP_VERSION = '5.0.0';

/** In the app, whether its version is below `minimum` (dotted numbers). */
function inAppVersionBelow(minimum: string): boolean {
  const version = bridge()?.appVersion();
  if (!version) return false;
  const [a, b] = [version, minimum].map((v) => v.split('.').map(Number));
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

/** The identity check's request, from the identity step's payload (its dataKeys are the init call's). */
interface IdentityRequest {
  idKind: number;
  documentName: string;
  documentNumber: string;
}
const identityRequest = (payload: Record<string, unknown>): IdentityRequest => ({
  idKind: Number(payload.idKind),
  documentName: String(payload.documentName ?? '').trim(),
  documentNumber: normaliseDocumentNumber(String(payload.documentNumber ?? '')),
});

/** Starts the check at the provider; the transit page is where the provider sends the applicant back. */
export async function startCheck(app: ApplicationState, request: IdentityRequest, beforeLeaving: () => void = () => undefined) {
  const init = await endpoints.ekyc.init({ relateType: app.relatedType, relateId: app.applyId!, responseUrl: RETURN_URLS.identity, ...request });
  beforeLeaving();
  window.location.assign(init.h5RedirectUrl);
}

/** What the applicant typed on this device for the identity step (its local draft), as the check's request. */
export async function typedIdentity(app: ApplicationState): Promise<IdentityRequest | undefined> {
  const draft = app.applyId ? loadDraft(app.applyId, 'identity') : undefined;
  if (!draft) return undefined;
  const { schema, dictionaries } = await loadStepAssets('identity', app);
  return identityRequest(compile(schema, { dictionaries, context: app.stepContext() }).toPayload(draft));
}

/**
 * The identity step, rendered from its schema like every step: the number rules, the age a MyKad
 * gives and the Malaysian-passport rule refuse here, before a face scan is spent. Its submit starts
 * the check; once verified, it saves and goes on.
 */
export function IdentityStartPage(): ReactElement {
  const { t } = useTranslation();
  const app = useApplication();
  const verified = app.actor.getSnapshot().context.ekycPassed && !!app.verifiedIdentity;
  // Identity checks need the app's camera support from this version on (SPEC §8 copy-link texts).
  const tooOld = inAppVersionBelow(MIN_APP_VERSION);
  const [unavailable, setUnavailable] = useState<'appVersionTooLow' | 'identityUpgrading' | undefined>(tooOld ? 'appVersionTooLow' : undefined);
  const formContext = useMemo(() => ({ status: { identity: { labelKey: verified ? 'common.identityVerified' : 'common.identityNotYetVerified', done: true } } }), [verified]);
  async function start(payload: Record<string, unknown>) {
    if (app.actor.getSnapshot().context.platform === 'pc') {
      app.actor.send({ type: 'NEXT' });
      return;
    }
    try {
      await startCheck(app, identityRequest(payload), () => app.actor.send({ type: 'NEXT' }));
    } catch (failure) {
      // Only the provider's upgrade: another refusal (an application locked for review) is the toast's to say.
      if (failure instanceof ApiError && failure.code === IDENTITY_UNAVAILABLE) return setUnavailable('identityUpgrading');
      throw failure;
    }
  }
  const notice = unavailable && (
    <div className="notice" role="status">
      <p>{t(`errors.${unavailable}`)}</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void navigator.clipboard?.writeText(window.location.href).then(() => toasts.show({ kind: 'info', messageKey: 'errors.copySuccess' }))}
      >
        {t('errors.copyLink')}
      </button>
    </div>
  );
  return (
    <FormStepPage
      step="identity"
      formContext={formContext}
      notice={notice}
      submittable={!unavailable}
      pendingFields={verified ? undefined : ['verification']}
      submitLabel={verified ? undefined : t('common.startVerification')}
      submitAction={verified ? undefined : start}
    />
  );
}

/** Saves the identity step once the provider said yes, with the facts it verified: the server records the outcome itself. */
export async function saveIdentity(app: ApplicationState, verifiedIdentity: EkycResult['verifiedIdentity']) {
  if (!verifiedIdentity || !app.applyId) return;
  app.verifiedIdentity = verifiedIdentity;
  const drawn = loadStepAssets.loaded('identity', app);
  await endpoints.apply.fillData({
    fillStep: 2002,
    relatedType: app.relatedType,
    applyId: app.applyId,
    data: { idKind: verifiedIdentity.documentType, documentName: verifiedIdentity.name, documentNumber: verifiedIdentity.documentNumber },
    // The version the identity page was drawn with, when it was drawn in this tab.
    ...(drawn ? { schemaVersion: drawn.version } : {}),
  });
  clearDraft(app.applyId, 'identity');
  // The personal step now starts from the verified facts (the server carried them into it).
  delete app.payloads.personal;
}

export function IdentityTransitPage(): ReactElement {
  const { t } = useTranslation();
  const app = useApplication();
  const [handedBack, setHandedBack] = useState<EkycResult>();
  // Came back without the provider's return (browser back from its page, a tab reopened): the check
  // is asked about once; unfinished, the applicant is offered the way back instead of a wait.
  const returned = new URLSearchParams(window.location.search).has('checkId');
  const [unfinished, setUnfinished] = useState(false);
  const status = () => endpoints.ekyc.fetchStatus({ relateType: app.relatedType, relateId: app.applyId! });
  const final = (r: EkycResult) => r.state === 'success' || r.state === 'failed' || r.state === 'unconfirmed' || r.state === 'disowned';
  async function settle(result: EkycResult) {
    // A phone that came by the QR code is done once verified: the computer confirms the check is its
    // applicant's, then the phone may carry on or hand back.
    if (isHandoff() && (result.state === 'unconfirmed' || result.state === 'disowned' || result.isEkycSuccess)) {
      if (result.isEkycSuccess) await saveIdentity(app, result.verifiedIdentity);
      return setHandedBack(result);
    }
    if (result.isEkycSuccess) await saveIdentity(app, result.verifiedIdentity);
    else sessionStorage.setItem('kh.identity.reason', result.failureReason ?? 'recognitionFailed');
    app.actor.send({ type: 'IDENTITY_RESULT', ok: result.isEkycSuccess, reason: result.failureReason });
  }
  // Only the provider's return brings a final answer; until then the check is pending.
  usePollUntil(status, final, settle, () => app.actor.send({ type: 'IDENTITY_RESULT', ok: false, reason: 'recognitionFailed' }), returned);
  useEffect(() => {
    if (returned) return;
    let live = true;
    status().then(
      (result) => live && (final(result) ? void settle(result) : setUnfinished(true)),
      () => live && setUnfinished(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (handedBack) return <HandedBackScreen app={app} result={handedBack} />;
  if (unfinished)
    return (
      <PageLayout layout="Default" title={t('step.identity.title')} onBack={() => app.actor.send({ type: 'PREVIOUS' })}>
        <div className="status-card" role="status">
          <h1 className="status-card__title">{t('common.identityNotFinishedTitle')}</h1>
          <p>{t('common.identityNotFinishedBody')}</p>
          <button type="button" className="button button--main" onClick={() => app.actor.send({ type: 'PREVIOUS' })}>
            {t('common.backToIdentity')}
          </button>
        </div>
      </PageLayout>
    );
  return <TransitScreen titleKey="step.face.title" />;
}

/**
 * The phone that came by the QR code, its identity verified (SPEC §1: "then refreshing or continuing
 * on the mobile device"). The check joins the application only once the computer confirms it is its
 * applicant's; then back to the computer, which carries on by itself, or on with the application
 * here (the computer is told).
 */
function HandedBackScreen({ app, result }: { app: ApplicationState; result: EkycResult }): ReactElement {
  const { t } = useTranslation();
  const [state, setState] = useState<'waiting' | 'confirmed' | 'disowned'>(result.state === 'disowned' ? 'disowned' : result.isEkycSuccess ? 'confirmed' : 'waiting');
  const [finished, setFinished] = useState(false);
  const [refused, setRefused] = useState<string>();
  const relate = { relateType: app.relatedType, relateId: app.applyId! };
  // Waiting for the computer's answer: asked every 3 s; a session the computer ended is its "no".
  useEffect(() => {
    if (state !== 'waiting') return;
    const timer = setInterval(() => {
      endpoints.ekyc.fetchStatus(relate).then(
        async (r) => {
          if (r.state === 'disowned') return setState('disowned');
          if (!r.isEkycSuccess) return;
          clearInterval(timer);
          await saveIdentity(app, r.verifiedIdentity);
          setState('confirmed');
        },
        (error: unknown) => error instanceof ApiError && error.status === 401 && setState('disowned'),
      );
    }, 3000);
    return () => clearInterval(timer);
  }, [state]);
  async function continueHere() {
    await endpoints.ekyc.handoffContinue(relate);
    sessionStorage.removeItem('kh.handoff');
    // A full session now: the application boots again, as on any device, and opens on its next step.
    window.location.assign('/info/base');
  }
  // The computer carries on by itself only once the server has heard "done": a failed call says so here.
  async function finish() {
    await endpoints.ekyc.handoffFinish(relate);
    sessionStorage.removeItem('kh.handoff');
    setFinished(true);
  }
  // Refused (the session ended, the check was not this phone's): said here, in the server's words.
  const showRefusal = (error: unknown) => setRefused(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('errors.default'));
  if (state === 'disowned')
    return (
      <PageLayout layout="Pure" title={t('step.identity.title')}>
        <div className="status-card" role="status">
          <h1 className="status-card__title">{t('common.handoffDisownedTitle')}</h1>
          <p>{t('common.handoffDisownedBody')}</p>
        </div>
      </PageLayout>
    );
  if (state === 'waiting')
    return (
      <PageLayout layout="Pure" title={t('step.identity.title')}>
        <div className="status-card" role="status">
          <h1 className="status-card__title">{t('common.confirmOnComputerTitle')}</h1>
          <p>{t('common.confirmOnComputerBody')}</p>
        </div>
      </PageLayout>
    );
  return (
    <PageLayout layout="Pure" title={t('step.identity.title')}>
      <div className="status-card" role="status">
        <h1 className="status-card__title">{t('common.identityVerified')}</h1>
        <p>{finished ? t('common.phoneDone') : t('common.continueOnComputer')}</p>
        {!finished && (
          <>
            {refused && (
              <p className="field__error" role="alert">
                {refused}
              </p>
            )}
            <button type="button" className="button button--main" onClick={() => void continueHere().catch(showRefusal)}>
              {t('common.continueOnThisPhone')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void finish().catch(showRefusal)}>
              {t('common.doneOnThisPhone')}
            </button>
          </>
        )}
      </div>
    </PageLayout>
  );
}

export function IdentityFailedPage(): ReactElement {
  const { t } = useTranslation();
  return <FailureScreen titleKey="step.identity.title" message={t(`errors.ekyc.${sessionStorage.getItem('kh.identity.reason') ?? 'recognitionFailed'}`)} />;
}
