// Identity verification (SPEC §4): start, then the provider's page, then the transit page (poll),
// then personal details prefilled, or the failure with its reason and a retry. On a PC: the
// choose-device page with a QR code, or "Continue on this device".
import { stepByName } from '@kh/flow';
import { PageLayout, QrCode } from '@kh/ui';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplication, type ApplicationState } from '../app/application.tsx';
import { FailureScreen, TransitScreen, usePollUntil } from './Transit.tsx';
import { ApiError } from '@kh/api';
import { bridge } from '../app/platform.ts';
import { endpoints, toasts } from '../app/services.ts';
import { dictionaries } from '../app/schemas.ts';

const MIN_APP_VERSION = '5.0.0';

/** In the app, whether its version is below `minimum` (dotted numbers). */
function inAppVersionBelow(minimum: string): boolean {
  const version = bridge()?.appVersion();
  if (!version) return false;
  const [a, b] = [version, minimum].map((v) => v.split('.').map(Number));
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

interface IdentityDraft {
  idKind: number;
  documentName: string;
  documentNumber: string;
}
const DRAFT = 'kh.identity';
const readDraft = (): IdentityDraft | undefined => JSON.parse(sessionStorage.getItem(DRAFT) ?? 'null') ?? undefined;

/** Starts the check at the provider; the transit page is where the provider sends the applicant back. */
async function startCheck(app: ApplicationState, draft: IdentityDraft, beforeLeaving: () => void = () => undefined) {
  const init = await endpoints.ekyc.init({ relateType: app.relatedType, relateId: app.applyId!, responseUrl: '/iam/transit', documentName: draft.documentName, idKind: draft.idKind, documentNumber: draft.documentNumber });
  beforeLeaving();
  window.location.assign(init.h5RedirectUrl);
}

export function IdentityStartPage(): ReactElement {
  const { t, i18n } = useTranslation();
  const app = useApplication();
  const saved = readDraft();
  const [idKind, setIdKind] = useState(saved?.idKind ?? 106);
  const [documentName, setName] = useState(saved?.documentName ?? '');
  const [documentNumber, setNumber] = useState(saved?.documentNumber ?? '');
  const [error, setError] = useState<string>();
  const verified = app.actor.getSnapshot().context.ekycPassed;
  // Identity checks need the app's camera support from this version on (SPEC §8 copy-link texts).
  const tooOld = inAppVersionBelow(MIN_APP_VERSION);
  const [unavailable, setUnavailable] = useState<'appVersionTooLow' | 'identityUpgrading' | undefined>(tooOld ? 'appVersionTooLow' : undefined);
  async function start() {
    const number = documentNumber.replace(/[\s-]/g, '').toUpperCase();
    if (!documentName.trim() || !/^[A-Z0-9]{5,20}$/.test(number)) return setError(t('validation.requiredEnter'));
    const draft = { idKind, documentName: documentName.trim(), documentNumber: number };
    sessionStorage.setItem(DRAFT, JSON.stringify(draft));
    const onPc = app.actor.getSnapshot().context.platform === 'pc';
    if (onPc || verified) return app.actor.send({ type: 'NEXT' });
    try {
      await startCheck(app, draft, () => app.actor.send({ type: 'NEXT' }));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setUnavailable('identityUpgrading');
    }
  }
  const info = stepByName('identity');
  const kinds = dictionaries.IdentityType.filter((k) => k.value !== 101);
  return (
    <PageLayout layout={info.layout} title={t(info.titleKey)} percent={info.percent} onBack={() => app.actor.send({ type: 'PREVIOUS' })}>
      <h2 className="step-header__title">{t('field.identity.intro.label')}</h2>
      <p className="step-header__hint">{t('field.identity.intro.help')}</p>
      {error && <p className="field__error" role="alert">{error}</p>}
      <div className="field">
        <label className="field__label" htmlFor="idKind">{t('field.identity.identityType.label')}</label>
        <select id="idKind" className="select" value={idKind} onChange={(e) => setIdKind(Number(e.target.value))}>
          {kinds.map((k) => <option key={String(k.value)} value={String(k.value)}>{k.label[i18n.language] ?? k.label.en}</option>)}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="documentName">{t('field.identity.documentName.label')}</label>
        <input id="documentName" className="input" value={documentName} autoComplete="name" onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="documentNumber">{idKind === 106 ? t('field.identity.nricNumber.label') : idKind === 102 ? t('field.identity.passportNumber.label') : t('field.identity.otherIdNumber.label')}</label>
        <input id="documentNumber" className="input" value={documentNumber} inputMode={idKind === 106 ? 'numeric' : 'text'} onChange={(e) => setNumber(e.target.value)} />
      </div>
      {unavailable ? (
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
      ) : (
        <button type="button" className="button button--main" onClick={() => void start()}>
          {verified ? t('common.next') : t('common.startVerification')}
        </button>
      )}
    </PageLayout>
  );
}

/** Saves the identity step once the provider said yes: the server records the outcome itself. */
async function saveIdentity(app: ApplicationState) {
  const draft = readDraft();
  if (!draft || !app.applyId) return;
  await endpoints.apply.fillData({ fillStep: 2002, relatedType: app.relatedType, applyId: app.applyId, data: { idKind: draft.idKind, documentName: draft.documentName, documentNumber: draft.documentNumber } });
}

export function IdentityTransitPage(): ReactElement {
  const app = useApplication();
  // Only the provider's return brings a final answer; until then the check is pending.
  usePollUntil(
    () => endpoints.ekyc.fetchStatus({ relateType: app.relatedType, relateId: app.applyId! }),
    (r) => r.state === 'success' || r.state === 'failed',
    async (result) => {
      if (result.isEkycSuccess) await saveIdentity(app);
      else sessionStorage.setItem('kh.identity.reason', result.failureReason ?? 'recognitionFailed');
      app.actor.send({ type: 'IDENTITY_RESULT', ok: result.isEkycSuccess, reason: result.failureReason });
    },
    () => app.actor.send({ type: 'IDENTITY_RESULT', ok: false, reason: 'recognitionFailed' }),
    new URLSearchParams(window.location.search).has('checkId'),
  );
  return <TransitScreen titleKey="step.face.title" />;
}

export function IdentityFailedPage(): ReactElement {
  const { t } = useTranslation();
  return <FailureScreen titleKey="step.identity.title" message={t(`errors.ekyc.${sessionStorage.getItem('kh.identity.reason') ?? 'recognitionFailed'}`)} />;
}

export function ChooseDevicePage(): ReactElement {
  const { t } = useTranslation();
  const app = useApplication();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    void endpoints.ekyc.handoff({ relateType: app.relatedType, relateId: app.applyId! }).then((h) => setUrl(h.url));
    // When the phone has finished, the PC picks the result up.
    const timer = setInterval(() => {
      void endpoints.ekyc.fetchStatus({ relateType: app.relatedType, relateId: app.applyId! }).then(async (r) => {
        if (r.state === 'success') {
          clearInterval(timer);
          await saveIdentity(app);
          app.actor.send({ type: 'IDENTITY_RESULT', ok: true });
        }
      });
    }, 3000);
    return () => clearInterval(timer);
  }, []);
  return (
    <PageLayout layout="BackNav" title={t('step.identity.title')} onBack={() => app.actor.send({ type: 'PREVIOUS' })}>
      <p>{t('common.scanToContinue')}</p>
      {url && <QrCode value={url} label={t('common.scanToContinue')} />}
      {url && (
        <p className="handoff-link">
          {t('common.orOpenLink')} <a href={url}>{url}</a>
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          const draft = readDraft();
          app.actor.send({ type: 'NEXT' });
          if (draft) void startCheck(app, draft);
        }}
      >
        {t('common.continueOnThisDevice')}
      </button>
    </PageLayout>
  );
}
