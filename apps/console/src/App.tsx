// The console's shell: language, who is signed in, and the pages under /console.
import type { i18n } from 'i18next';
import { switchLanguage } from '@kh/i18n';
import { Suspense, lazy, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link, Route, Router, Switch } from 'wouter';
import { setApiLanguage } from './api.ts';
import { CONSOLE_LANGUAGES, createConsoleI18n, saveLanguage, savedLanguage } from './i18n.ts';
import { AuditPage } from './pages/AuditPage.tsx';
import { AccountPage } from './pages/AccountPage.tsx';
import { ChangesPage } from './pages/ChangesPage.tsx';
import { StaffPage } from './pages/StaffPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { QueuePage } from './pages/QueuePage.tsx';
import { StudioListPage } from './studio/StudioListPage.tsx';
import { casePageChunk, stepStudioChunk } from './page-chunks.ts';
// Its back-button listener must be added before the router's: loaded with the app, used by the studio.
import './leave-guard.ts';
import { SessionProvider, can, useSession, type Staff } from './session.tsx';
import { ScreeningListsPage } from './pages/ScreeningListsPage.tsx';
import { RiskRulesPage } from './pages/RiskRulesPage.tsx';

// The case page carries the form engine and renderer; the sign-in and the queue load without them.
const CasePage = lazy(() => casePageChunk.load().then((module) => ({ default: module.CasePage })));
// The studio's editor (CodeMirror) and preview load only for product editors who open a step.
const StepStudioPage = lazy(() => stepStudioChunk.load().then((module) => ({ default: module.StepStudioPage })));

/** A case: drawn at once when the queue has loaded its page, else once it loads. */
function Case({ id }: { id: string }): ReactElement {
  const { t } = useTranslation('console');
  // Decided once: switching from the lazy page to the loaded one later would remount it (its state lost).
  const [Loaded] = useState(() => casePageChunk.loaded()?.CasePage);
  if (Loaded) return <Loaded id={id} />;
  return (
    <Suspense fallback={<p>{t('case.loading')}</p>}>
      <CasePage id={id} />
    </Suspense>
  );
}

/** A step in the studio: drawn at once when the list has loaded the editor, else once it loads. */
function StepStudio({ stepId }: { stepId: string }): ReactElement {
  const { t } = useTranslation('console');
  const [Loaded] = useState(() => stepStudioChunk.loaded()?.StepStudioPage);
  if (Loaded) return <Loaded key={stepId} stepId={stepId} />;
  return (
    <Suspense fallback={<p>{t('case.loading')}</p>}>
      <StepStudioPage key={stepId} stepId={stepId} />
    </Suspense>
  );
}

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

/** A page only for those who hold its permission; anyone else is told so, never shown a page that fails. */
function Allowed({ permission, children }: { permission: string; children: ReactNode }): ReactElement {
  const { t } = useTranslation('console');
  const { staff } = useSession();
  return can(staff, permission) ? <>{children}</> : <p role="alert">{t('error.notYours')}</p>;
}

/** Where a person starts: the first page their role has. */
function HomePage({ staff }: { staff: Staff }): ReactElement {
  if (can(staff, 'cases.read')) return <QueuePage />;
  if (can(staff, 'studio.edit')) return <StudioListPage />;
  if (can(staff, 'staff.manage')) return <StaffPage />;
  return <AccountPage />;
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
            {can(session.staff, 'cases.read') && <Link href="/">{t('nav.queue')}</Link>}
            {can(session.staff, 'studio.edit') && <Link href="/studio">{t('nav.studio')}</Link>}
            {can(session.staff, 'changes.decide') && <Link href="/changes">{t('nav.changes')}</Link>}
            {can(session.staff, 'staff.manage') && <Link href="/staff">{t('nav.staff')}</Link>}
            {can(session.staff, 'audit.read') && <Link href="/audit">{t('nav.audit')}</Link>}
            {can(session.staff, 'screening.lists') && <Link href="/screening">{t('nav.screening')}</Link>}
            {can(session.staff, 'risk.read') && <Link href="/risk">{t('nav.risk')}</Link>}
            <Link href="/account">{t('nav.account')}</Link>
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
            {/* A link to set up an account or complete a reset is its owner's, whoever is signed in here. */}
            <Route path="/activate">
              <LoginPage />
            </Route>
            <Route path="/cases/:id">
              {(params) => (
                <Allowed permission="cases.read">
                  <Case id={params.id} />
                </Allowed>
              )}
            </Route>
            <Route path="/studio/:stepId">
              {(params) => (
                <Allowed permission="studio.edit">
                  <StepStudio stepId={params.stepId} />
                </Allowed>
              )}
            </Route>
            <Route path="/studio">
              <Allowed permission="studio.edit">
                <StudioListPage />
              </Allowed>
            </Route>
            <Route path="/audit">
              <Allowed permission="audit.read">
                <AuditPage />
              </Allowed>
            </Route>
            <Route path="/screening">
              <Allowed permission="screening.lists">
                <ScreeningListsPage />
              </Allowed>
            </Route>
            <Route path="/risk">
              <Allowed permission="risk.read">
                <RiskRulesPage />
              </Allowed>
            </Route>
            <Route path="/staff">
              <Allowed permission="staff.manage">
                <StaffPage />
              </Allowed>
            </Route>
            <Route path="/changes">
              <Allowed permission="changes.decide">
                <ChangesPage />
              </Allowed>
            </Route>
            <Route path="/account">
              <AccountPage />
            </Route>
            <Route>
              <HomePage staff={session.staff} />
            </Route>
          </Switch>
        ) : (
          <LoginPage />
        )}
      </main>
    </>
  );
}
