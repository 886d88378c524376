// The applicant's app: wouter routes every path of the step registry to the page of the machine's
// state; the URL mirrors the machine. This shell is the first load: a logged-out applicant gets the
// login page from it, and the application (the flow machine, the form engine) loads after login.
import { resolveRoute } from '@kh/flow';
import { I18nProvider, Toasts } from '@kh/ui';
import type { I18nInstance, Language } from '@kh/i18n';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { initialLanguage, keepLanguageChoice } from './app/platform.ts';
import { prepareLanguage } from './app/language-change.ts';
import { detectSandbox, isSandbox, loginCache, setApiLanguage, toasts } from './app/services.ts';
import { reportMissingPage } from './app/error-reports.ts';
import { onWarningNear } from './app/session-timing.ts';
import { Loading } from './pages/Loading.tsx';
import { LoginPage, LoginScreen } from './pages/LoginPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

type ApplicationRootModule = typeof import('./ApplicationRoot.tsx');
let applicationRootModule: ApplicationRootModule | undefined;
let applicationRootLoading: Promise<ApplicationRootModule> | undefined;
/**
 * The application's code, once: main.tsx starts it with the page when the server says someone is
 * logged in, so the first render draws it at once. A lazy component would show its fallback first,
 * and React keeps a fallback up for 300 ms even when the code is already there.
 */
export function loadApplicationRoot(): Promise<ApplicationRootModule> {
  applicationRootLoading ??= import('./ApplicationRoot.tsx').then(
    (module) => (applicationRootModule = module),
    (error: unknown) => {
      applicationRootLoading = undefined;
      throw error;
    },
  );
  return applicationRootLoading;
}
const LazyApplicationRoot = lazy(loadApplicationRoot);

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

/** Shows the language chosen at once, not i18next's, which stays on the old one while the new texts load. */
function LanguageSwitcher({ value, onChange }: { value: Language; onChange(language: string): void }): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="language-switcher">
      <label htmlFor="language" className="visually-hidden">{t('common.language')}</label>
      <select id="language" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="en">English</option>
        <option value="zh-HK">繁體中文</option>
        <option value="zh-CN">简体中文</option>
      </select>
    </div>
  );
}

/** The session's warning, for those signed in only, loaded as it nears: no part of a page's first load. */
const SessionWarning = lazy(() => import('./pages/SessionWarning.tsx').then((module) => ({ default: module.SessionWarning })));

function SessionWarningWhenNear(): ReactElement | null {
  const [near, setNear] = useState(false);
  useEffect(() => (near ? undefined : onWarningNear(() => setNear(true))), [near]);
  return near ? (
    <Suspense fallback={null}>
      <SessionWarning />
    </Suspense>
  ) : null;
}

/**
 * Who is here: a logged-out applicant gets the login without the application's code. `application`
 * replaces the application's root for a logged-in one: the build draws a status page with it.
 */
function Session({ application }: { application?: ComponentType }): ReactElement {
  // The server says with the page whether anyone is logged in: the first render needs no round trip.
  const [loggedIn, setLoggedIn] = useState<boolean | undefined>(loginCache.peek);
  useEffect(() => {
    let live = true;
    void loginCache
      .isLoggedIn()
      .catch(() => false)
      .then((answer) => live && setLoggedIn(answer));
    return () => {
      live = false;
    };
  }, []);
  // Chosen once: switching from the lazy component to the loaded one would start the application over.
  const applicationRoot = useRef<ComponentType>(undefined);
  if (loggedIn === undefined) return <Loading />;
  if (!loggedIn) return <LoginScreen />;
  applicationRoot.current ??= application ?? applicationRootModule?.default ?? LazyApplicationRoot;
  const ApplicationRoot = applicationRoot.current;
  return (
    <>
      <Suspense fallback={<Loading />}>
        <ApplicationRoot />
      </Suspense>
      <SessionWarningWhenNear />
    </>
  );
}

/** SPEC §2: an unmatched path shows the not-found page at /error, and the missing page is reported. */
function ToErrorPage(): ReactElement {
  const [, navigate] = useLocation();
  useEffect(() => {
    reportMissingPage(window.location.href);
    navigate('/error', { replace: true });
  }, []);
  return <NotFoundPage networkError={false} />;
}

/**
 * `language` and a ready `i18n` come from the boot when the server sent the page already drawn
 * (prerender.tsx): the first render must then be the very page it drew.
 */
export function App({ language: bootLanguage, i18n, application }: { language?: Language; i18n?: I18nInstance; application?: ComponentType } = {}): ReactElement {
  const [location] = useLocation();
  const search = useSearch();
  // The switcher shows a choice at once; the page turns to it once what it needs in it has loaded.
  const [chosen, setChosen] = useState<Language>(() => bootLanguage ?? initialLanguage());
  const [language, setLanguage] = useState<Language>(chosen);
  const chosenNow = useRef(chosen);
  setApiLanguage(chosen);
  // Screen readers and the browser's own texts follow the applicant's language.
  useEffect(() => void (document.documentElement.lang = language), [language]);
  const change = (next: string) => {
    keepLanguageChoice(next as Language);
    setApiLanguage(next);
    setChosen(next as Language);
    chosenNow.current = next as Language;
    // A quicker second choice wins over this one.
    void prepareLanguage(next as Language).then(() => chosenNow.current === next && setLanguage(next as Language));
    // A ?language= in the address would otherwise win again on the next reload.
    const url = new URL(window.location.href);
    if (url.searchParams.has('language')) {
      url.searchParams.set('language', next);
      history.replaceState(history.state, '', url);
    }
  };
  const notFound = resolveRoute(location, search).notFound;
  return (
    <I18nProvider language={language} instance={i18n}>
      <SandboxMarker />
      <Toasts store={toasts} />
      <Switch>
        <Route path="/login">{() => <LoginPage />}</Route>
        <Route path="/error">{() => <NotFoundPage networkError={!!new URLSearchParams(search).get('code')} />}</Route>
        <Route>
          {notFound ? <ToErrorPage /> : <Session application={application} />}
        </Route>
      </Switch>
      <LanguageSwitcher value={chosen} onChange={change} />
    </I18nProvider>
  );
}
