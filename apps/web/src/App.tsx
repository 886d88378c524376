// The applicant's app: wouter routes every path of the step registry to the page of the machine's
// state; the URL mirrors the machine.
import { resolveRoute, type StepName } from '@kh/flow';
import { I18nProvider, Toasts } from '@kh/ui';
import { chooseLanguage, keepLanguage } from '@kh/i18n';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ApplicationProvider, useApplication } from './app/application.tsx';
import { bridge } from './app/platform.ts';
import { detectSandbox, endpoints, isSandbox, loginCache, setApiLanguage, toasts } from './app/services.ts';
import { clearDrafts } from './app/drafts.ts';
import { useStepArrival } from './hooks/useStepArrival.ts';
import { FormStepPage } from './pages/FormStepPage.tsx';
import { ChooseDevicePage, IdentityFailedPage, IdentityStartPage, IdentityTransitPage } from './pages/IdentityPages.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { PaymentFailedPage, PaymentStartPage, PaymentTransitPage } from './pages/PaymentPages.tsx';
import { AddMarketPage, MyAbnormalPage, NotFoundPage, PdfPage, RejectionPage, ResultPage, StartPage, TransitPage } from './pages/StatusPages.tsx';

const FORM_STEPS: StepName[] = ['contact', 'market', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature', 'documentUpload'];

function StepPage(): ReactElement {
  const app = useApplication();
  const step = useSyncExternalStore(
    (listener) => app.actor.subscribe(listener).unsubscribe,
    () => app.actor.getSnapshot().value as StepName,
  );
  useStepArrival(step);
  if (FORM_STEPS.includes(step)) return <FormStepPage key={step} step={step} />;
  switch (step) {
    case 'start':
      return <StartPage />;
    case 'identity':
      return <IdentityStartPage />;
    case 'identityTransit':
      return <IdentityTransitPage />;
    case 'identityFailed':
      return <IdentityFailedPage />;
    case 'chooseDevice':
      return <ChooseDevicePage />;
    case 'payment':
      return <PaymentStartPage />;
    case 'paymentTransit':
      return <PaymentTransitPage />;
    case 'paymentFailed':
      return <PaymentFailedPage />;
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
    default:
      return <TransitPage step={step} />;
  }
}

/** Logging out ends the session and takes every trace of the application off this device. */
function LogoutButton(): ReactElement {
  const { t } = useTranslation();
  async function logout() {
    clearDrafts();
    for (const k of Object.keys(sessionStorage)) if (k.startsWith('kh.')) sessionStorage.removeItem(k);
    await endpoints.passport.logout().catch(() => undefined);
    loginCache.forget();
    window.location.assign('/status/entry');
  }
  return (
    <button type="button" className="button button--link logout" onClick={() => void logout()}>
      {t('common.logout')}
    </button>
  );
}

/** A sandbox (dev mode) says so on every page: codes are readable at /dev/outbox, nothing is real. */
function SandboxMarker(): ReactElement | null {
  const { t } = useTranslation();
  const [shown, setShown] = useState(isSandbox);
  useEffect(() => {
    const show = () => setShown(true);
    document.addEventListener('kh:sandbox', show);
    void detectSandbox().catch(() => undefined);
    return () => document.removeEventListener('kh:sandbox', show);
  }, []);
  return shown ? (
    <p className="sandbox-marker" role="note">
      {t('common.sandbox')}
    </p>
  ) : null;
}

function LanguageSwitcher({ onChange }: { onChange(language: string): void }): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <div className="language-switcher">
      <label htmlFor="language" className="visually-hidden">{t('common.language')}</label>
      <select id="language" value={i18n.language} onChange={(e) => onChange(e.target.value)}>
        <option value="en">English</option>
        <option value="zh-HK">繁體中文</option>
        <option value="zh-CN">简体中文</option>
      </select>
    </div>
  );
}

function Boot({ kind, message }: { kind: string; message?: string }): ReactElement {
  const { t } = useTranslation();
  const [location] = useLocation();
  // In the app the native side logs the applicant in (SPEC §4); the page below stays for an old app.
  useEffect(() => {
    if (kind === 'login' && bridge()) bridge()!.login();
  }, [kind]);
  // The entry start page needs no login (its registry entry says so): it is the start page, with the
  // login on it. Any other page shows the login in its place and returns there after it.
  if (kind === 'login') return <LoginPage asStartPage={!resolveRoute(location).step.requiresLogin} />;
  if (kind === 'failed') return <NotFoundPage networkError />;
  return <p className="boot" aria-live="polite">{t('common.loading')}{message ? ` ${message}` : ''}</p>;
}

export function App(): ReactElement {
  const [location] = useLocation();
  const [language, setLanguage] = useState(() =>
    chooseLanguage({ url: new URLSearchParams(window.location.search).get('language'), app: bridge() ? navigator.language : null, browser: navigator.languages, stored: localStorage.getItem('kh.language') }),
  );
  setApiLanguage(language);
  // Screen readers and the browser's own texts follow the applicant's language.
  useEffect(() => void (document.documentElement.lang = language), [language]);
  const change = (next: string) => {
    keepLanguage(localStorage, next as never);
    setApiLanguage(next);
    setLanguage(next as never);
    // A ?language= in the address would otherwise win again on the next reload.
    const url = new URL(window.location.href);
    if (url.searchParams.has('language')) {
      url.searchParams.set('language', next);
      history.replaceState(history.state, '', url);
    }
  };
  const notFound = resolveRoute(location, window.location.search).notFound;
  return (
    <I18nProvider language={language}>
      <SandboxMarker />
      <Toasts store={toasts} />
      <Switch>
        <Route path="/login">{() => <LoginPage />}</Route>
        <Route path="/error">{() => <NotFoundPage networkError={!!new URLSearchParams(window.location.search).get('code')} />}</Route>
        <Route>
          {notFound ? (
            <NotFoundPage networkError={false} />
          ) : (
            <ApplicationProvider fallback={(boot) => <Boot kind={boot.kind} message={boot.kind === 'failed' ? boot.message : undefined} />}>
              <StepPage />
              {/* In the app, the native side owns the login. */}
              {!bridge() && <LogoutButton />}
            </ApplicationProvider>
          )}
        </Route>
      </Switch>
      <LanguageSwitcher onChange={change} />
    </I18nProvider>
  );
}
