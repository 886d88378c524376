// The PC's identity page (SPEC §4): a QR code that hands the check to a phone, or "Continue on this
// device". A chunk of its own: a phone never opens it, so it is no part of a phone's journey.
import { PageLayout, QrCode } from '@kh/ui';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { EkycResult } from '@kh/api';
import { useApplication, type ApplicationState } from '../app/application.tsx';
import { endpoints } from '../app/services.ts';
import { saveIdentity, startCheck, typedIdentity } from './IdentityPages.tsx';

/** Renewed this long before the hand-off link expires, so the code on screen always works. */
export const HANDOFF_RENEW_MARGIN_MS = 30_000;

/**
 * The hand-off link for the QR code, renewed before it expires (the server gives it 5 minutes) while
 * it is `wanted`: not once a phone opened it (the code is that phone's then, and a new one, `renew`,
 * would end that phone), nor while its check waits for an answer or has passed.
 */
function useHandoffLink(app: ApplicationState, wanted: boolean): { url?: string; renewed: number; renew: () => void } {
  const [link, setLink] = useState<{ url?: string; renewed: number }>({ renewed: 0 });
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const fetchLink = async () => {
      const handoff = await endpoints.ekyc.handoff({ relateType: app.relatedType, relateId: app.applyId! }).catch(() => undefined);
      if (!live) return;
      // A failed request is tried again soon: the applicant is looking at the code.
      const expiresIn = handoff ? new Date(handoff.expiresAt).getTime() - Date.now() : HANDOFF_RENEW_MARGIN_MS + 5_000;
      if (handoff) setLink((before) => ({ url: handoff.url, renewed: before.url ? before.renewed + 1 : 0 }));
      timer = setTimeout(() => void fetchLink(), Math.max(5_000, expiresIn - HANDOFF_RENEW_MARGIN_MS));
    };
    void fetchLink();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [wanted, asked]);
  return { ...link, renew: () => setAsked((n) => n + 1) };
}

/** The time of day in the applicant's language: "9:03 pm". */
const timeOfDay = (iso: string, language: string) => new Date(iso).toLocaleTimeString(language, { hour: 'numeric', minute: '2-digit' });

export function ChooseDevicePage(): ReactElement {
  const { t, i18n } = useTranslation();
  const app = useApplication();
  // What the phone's check came to: a failure is said here (the phone may try again). A check that
  // passed waits for this computer to say it is its applicant's; then for the phone's choice, so the
  // two devices never part on the timing of a poll: back to this computer (it carries on by itself),
  // or on with the application on the phone (said here).
  const [phone, setPhone] = useState<{ failed?: string; verified?: EkycResult; confirming?: EkycResult; openedAt?: string; ended?: boolean }>({});
  const { url, renewed, renew } = useHandoffLink(app, !phone.confirming && !phone.verified && !(phone.openedAt && !phone.ended));
  const carrying = useRef(false);
  const answering = useRef(false);
  const carryOnHere = async (result: EkycResult) => {
    // A second tap while the first one saves saves nothing more.
    if (carrying.current) return;
    carrying.current = true;
    try {
      await saveIdentity(app, result.verifiedIdentity);
      app.actor.send({ type: 'IDENTITY_RESULT', ok: true });
    } catch {
      // Not saved (the API client said why): the way on from here stays, also when the phone's
      // "done" was the first this computer heard of the check, and the poll has stopped.
      setPhone({ verified: result });
    } finally {
      carrying.current = false;
    }
  };
  /** This computer's answer on the phone's check: "this is me" makes it the application's; "not me" ends that phone. */
  const answer = async (result: EkycResult, accept: boolean) => {
    if (answering.current) return;
    answering.current = true;
    try {
      const answered = await endpoints.ekyc.handoffConfirm({ relateType: app.relatedType, relateId: app.applyId!, checkId: result.checkId!, accept });
      if (accept) return setPhone({ verified: answered });
      setPhone({ ended: true });
      renew();
    } catch {
      // Said by the API client's toast; the question stays.
    } finally {
      answering.current = false;
    }
  };
  const newCode = () => {
    setPhone({ ended: true });
    renew();
  };
  useEffect(() => {
    const timer = setInterval(() => {
      void endpoints.ekyc.fetchStatus({ relateType: app.relatedType, relateId: app.applyId! }).then(async (r) => {
        if (r.state === 'unconfirmed') return setPhone((before) => (before.confirming?.checkId === r.checkId ? before : { confirming: r, openedAt: r.phoneOpenedAt }));
        if (r.state === 'failed') return setPhone((before) => ({ failed: r.failureReason ?? 'recognitionFailed', openedAt: r.phoneOpenedAt, ended: before.ended && !r.phoneOpenedAt }));
        if (r.state !== 'success') return setPhone((before) => ({ openedAt: r.phoneOpenedAt, ended: before.ended && !r.phoneOpenedAt }));
        if (r.phoneChoice) clearInterval(timer);
        if (r.phoneChoice === 'finished') return carryOnHere(r);
        setPhone({ verified: r });
      });
    }, 3000);
    return () => clearInterval(timer);
  }, []);
  if (phone.confirming?.awaitingConfirmation) {
    const summary = phone.confirming.awaitingConfirmation;
    const confirming = phone.confirming;
    return (
      <PageLayout layout="BackNav" title={t('step.identity.title')} onBack={() => app.actor.send({ type: 'PREVIOUS' })}>
        <div className="status-card" role="status">
          <h1 className="status-card__title">{t('common.isThisYouTitle')}</h1>
          <p>{t('common.isThisYouBody')}</p>
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt>{t('common.isThisYouName')}</dt>
              <dd>{summary.name}</dd>
            </div>
            <div className="summary-list__row">
              <dt>{t('common.isThisYouDocument')}</dt>
              <dd>{t('common.isThisYouDocumentEnding', { ending: summary.documentNumberEnding })}</dd>
            </div>
            <div className="summary-list__row">
              <dt>{t('common.isThisYouWhen')}</dt>
              <dd>{timeOfDay(summary.checkedAt, i18n.language)}</dd>
            </div>
          </dl>
          <button type="button" className="button button--main" onClick={() => void answer(confirming, true)}>
            {t('common.yesThisIsMe')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void answer(confirming, false)}>
            {t('common.noNotMe')}
          </button>
        </div>
      </PageLayout>
    );
  }
  if (phone.verified) {
    const continued = phone.verified.phoneChoice === 'continued';
    return (
      <PageLayout layout="BackNav" title={t('step.identity.title')} onBack={() => app.actor.send({ type: 'PREVIOUS' })}>
        <div className="status-card" role="status">
          <h1 className="status-card__title">{t(continued ? 'common.continuingOnPhoneTitle' : 'common.verifiedOnPhoneTitle')}</h1>
          <p>{t(continued ? 'common.continuingOnPhoneBody' : 'common.verifiedOnPhoneBody')}</p>
          <button type="button" className={continued ? 'button button--secondary' : 'button button--main'} onClick={() => void carryOnHere(phone.verified!)}>
            {t(continued ? 'common.continueHereInstead' : 'common.continueOnThisComputer')}
          </button>
        </div>
      </PageLayout>
    );
  }
  const opened = phone.openedAt && !phone.ended;
  return (
    <PageLayout layout="BackNav" title={t('step.identity.title')} onBack={() => app.actor.send({ type: 'PREVIOUS' })}>
      {phone.failed && (
        <p className="notice" role="alert">
          {t('common.phoneCheckFailed', { reason: t(`errors.ekyc.${phone.failed}`) })}
        </p>
      )}
      {phone.ended && !phone.openedAt && (
        <p className="notice" role="status">
          {t('common.phoneEnded')}
        </p>
      )}
      {opened ? (
        <div className="notice" role="status">
          <p>{t('common.phoneOpenedCode', { time: timeOfDay(phone.openedAt!, i18n.language) })}</p>
          <button type="button" className="button button--secondary" onClick={newCode}>
            {t('common.showNewCode')}
          </button>
        </div>
      ) : (
        <>
          <p>{t('common.scanToContinue')}</p>
          {url && <QrCode value={url} label={t('common.scanToContinue')} />}
          <p className="field__hint" aria-live="polite">
            {renewed > 0 ? t('common.qrRenewed') : t('common.qrRenews')}
          </p>
          {url && (
            <p className="handoff-link">
              {t('common.orOpenLink')} <a href={url}>{url}</a>
            </p>
          )}
        </>
      )}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          // The draft is read before the machine moves on (the next page may replace it).
          const typed = typedIdentity(app);
          app.actor.send({ type: 'NEXT' });
          void typed.then((request) => request && startCheck(app, request));
        }}
      >
        {t('common.continueOnThisDevice')}
      </button>
    </PageLayout>
  );
}
