// The console's shell: language, who is signed in, and the pages under /console.
import type { i18n } from 'i18next';
import { switchLanguage } from '@kh/i18n';
import { Suspense, lazy, useEffect, useState, type ReactElement } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link, Route, Router, Switch } from 'wouter';
import { setApiLanguage } from './api.ts';
import { CONSOLE_LANGUAGES, createConsoleI18n, saveLanguage, savedLanguage } from './i18n.ts';
import { AuditPage } from './pages/AuditPage.tsx';
import { StaffPage } from './pages/StaffPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { QueuePage } from './pages/QueuePage.tsx';
import { StudioListPage } from './studio/StudioListPage.tsx';
import { SessionProvider, useSession } from './session.tsx';

// The case page carries the form engine and renderer; the sign-in and the queue load without them.
const CasePage = lazy(() => import('./pages/CasePage.tsx').then((module) => ({ default: module.CasePage })));
// The studio's editor (CodeMirror) and preview load only for product editors who open a step.
const StepStudioPage = lazy(() => import('./studio/StepStudioPage.tsx').then((module) => ({ default: module.StepStudioPage })));

export function App(): ReactElement | null {
  const [instance, setInstance] = useState<i18n>();
  useEffect(() => {
    const language = savedLanguage();
    setApiLanguage(language);
    document.documentElement.lang = language;
    void createConsoleI18n(language).then(setInstance);
  }, []);
  if (!instance) return null;
  return (
    <I18nextProvider i18n={instance}>
      <SessionProvider>
        <Router base="/console">
          <Shell />
        </Router>
      </SessionProvider>
    </I18nextProvider>
  );
}

function LanguagePicker(): ReactElement {
  const { t, i18n } = useTranslation('console');
  return (
    <label className="console-language">
      <span>{t('language')}</span>
      <select
        value={i18n.language}
        onChange={(event) => {
          const language = event.target.value;
          saveLanguage(language);
          setApiLanguage(language);
          document.documentElement.lang = language;
          void switchLanguage(i18n, language);
        }}
      >
        {CONSOLE_LANGUAGES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Shell(): ReactElement | null {
  const { t } = useTranslation('console');
  const session = useSession();
  useEffect(() => void (document.title = t('title')), [t]);
  if (session.staff === undefined) return null;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      <header className="console-header">
        <strong className="console-header__title">{t('title')}</strong>
        {session.staff && (
          <nav aria-label={t('title')} className="console-nav">
            {session.staff.role === 'editor' ? <Link href="/studio">{t('nav.studio')}</Link> : <Link href="/">{t('nav.queue')}</Link>}
            {session.staff.role === 'admin' && <Link href="/audit">{t('nav.audit')}</Link>}
            {session.staff.role === 'admin' && <Link href="/staff">{t('nav.staff')}</Link>}
          </nav>
        )}
        <div className="console-header__end">
          <LanguagePicker />
          {session.staff && (
            <>
              <span className="console-header__who">{t('signedInAs', { name: session.staff.name, role: t(`role.${session.staff.role}`) })}</span>
              <button type="button" className="console-button" onClick={() => void session.logout()}>
                {t('logout')}
              </button>
            </>
          )}
        </div>
      </header>
      <main id="main" className="console-main">
        {session.staff ? (
          <Switch>
            <Route path="/cases/:id">
              {(params) => (
                <Suspense fallback={<p>{t('case.loading')}</p>}>
                  <CasePage id={params.id} />
                </Suspense>
              )}
            </Route>
            <Route path="/studio/:stepId">
              {(params) => (
                <Suspense fallback={<p>{t('case.loading')}</p>}>
                  <StepStudioPage key={params.stepId} stepId={params.stepId} />
                </Suspense>
              )}
            </Route>
            <Route path="/studio">
              <StudioListPage />
            </Route>
            <Route path="/audit">
              <AuditPage />
            </Route>
            <Route path="/staff">
              <StaffPage />
            </Route>
            <Route>{session.staff.role === 'editor' ? <StudioListPage /> : <QueuePage />}</Route>
          </Switch>
        ) : (
          <LoginPage />
        )}
      </main>
    </>
  );
}
