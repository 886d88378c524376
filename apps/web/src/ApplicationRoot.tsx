// The application a logged-in applicant works on: the flow machine and the page of its state. Its
// own chunk: the login page loads none of it. The form engine, the identity, payment and outcome
// pages are chunks of their own again, loaded with the first page that needs them or ahead of it.
import { likelyNext, type StepName } from '@kh/flow';
import { lazy, Suspense, useEffect, useLayoutEffect, type ReactElement } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ApplicationProvider, useApplication, type ApplicationState } from './app/application.tsx';
import { loadStepAssets } from './app/step-assets.ts';
import { bridge } from './app/platform.ts';
import { endpoints, loginCache } from './app/services.ts';
import { clearDrafts } from './app/drafts.ts';
import { firstPageShown } from './app/first-page.ts';
import { keepFlowStanding } from './app/flow-away.ts';
import { useStepArrival } from './hooks/useStepArrival.ts';
import { FORM_STEPS } from './app/step-data.ts';
import { Loading } from './pages/Loading.tsx';
import { LoginScreen } from './pages/LoginPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { ChunkErrorBoundary } from './pages/ChunkErrorBoundary.tsx';
import { loadChunk } from './app/chunks.ts';
import { StartPage, TransitPage } from './pages/StatusPages.tsx';
import { isOutcomeStep } from './pages/outcome-steps.ts';

/** The form step page's code; once it is in, the page draws without suspending (no fallback first). */
let formStepPages: typeof import('./pages/FormStepPage.tsx') | undefined;
const loadFormStepPage = () => loadChunk(() => import('./pages/FormStepPage.tsx')).then((module) => (formStepPages = module));
const LazyFormStepPage = lazy(() => loadFormStepPage().then((m) => ({ default: m.FormStepPage })));

/** The outcome pages (rejection, result…), loaded as the flow is about to open one; once in, drawn without suspending. */
let outcomePages: typeof import('./pages/OutcomePages.tsx') | undefined;
const loadOutcomePages = () => loadChunk(() => import('./pages/OutcomePages.tsx')).then((module) => (outcomePages = module));
const LazyOutcomePage = lazy(() => loadOutcomePages().then((m) => ({ default: m.OutcomePage })));

/** The boot's landing waits for its page's code: a form step's, with its step's schema, validator and dictionaries, or an outcome page's. */
const prepareLanding = (landing: StepName, app: ApplicationState) =>
  FORM_STEPS.includes(landing) ? Promise.all([loadFormStepPage(), loadStepAssets(landing, app)]) : isOutcomeStep(landing) ? loadOutcomePages() : undefined;
const identityPages = () => loadChunk(() => import('./pages/IdentityPages.tsx'));
const IdentityStartPage = lazy(() => identityPages().then((m) => ({ default: m.IdentityStartPage })));
const IdentityTransitPage = lazy(() => identityPages().then((m) => ({ default: m.IdentityTransitPage })));
const IdentityFailedPage = lazy(() => identityPages().then((m) => ({ default: m.IdentityFailedPage })));
const ChooseDevicePage = lazy(() => loadChunk(() => import('./pages/ChooseDevicePage.tsx')).then((m) => ({ default: m.ChooseDevicePage })));
const paymentPages = () => loadChunk(() => import('./pages/PaymentPages.tsx'));
const PaymentStartPage = lazy(() => paymentPages().then((m) => ({ default: m.PaymentStartPage })));
const PaymentTransitPage = lazy(() => paymentPages().then((m) => ({ default: m.PaymentTransitPage })));
const PaymentFailedPage = lazy(() => paymentPages().then((m) => ({ default: m.PaymentFailedPage })));

/** The page of the machine's state (Storybook renders it from a story's application too). */
export function StepPage(): ReactElement {
  const app = useApplication();
  const step = useSelector(app.actor, (snapshot) => snapshot.value as StepName);
  useStepArrival(step);
  useLayoutEffect(firstPageShown, []);
  // The outcome page the flow likely opens next (the result after the last step, the rejection from the status page) loads meanwhile.
  useEffect(() => {
    if (isOutcomeStep(likelyNext(app.actor.getSnapshot()))) void loadOutcomePages().catch(() => undefined);
  }, [app, step]);
  const FormStepPage = formStepPages?.FormStepPage ?? LazyFormStepPage;
  if (FORM_STEPS.includes(step)) return <FormStepPage key={step} step={step} />;
  return <OtherStepPage step={step} />;
}

function OtherStepPage({ step }: { step: StepName }): ReactElement {
  if (isOutcomeStep(step)) {
    const OutcomePage = outcomePages?.OutcomePage ?? LazyOutcomePage;
    return <OutcomePage step={step} />;
  }
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
    keepFlowStanding('start');
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

function Boot({ kind, message }: { kind: string; message?: string }): ReactElement {
  // The login or a failure is the application's first page too; loading is not.
  useLayoutEffect(() => void (kind !== 'loading' && firstPageShown()), [kind]);
  if (kind === 'login') return <LoginScreen />;
  if (kind === 'failed') return <NotFoundPage networkError />;
  return <Loading message={message} />;
}

export default function ApplicationRoot(): ReactElement {
  return (
    <ApplicationProvider fallback={(boot) => <Boot kind={boot.kind} message={boot.kind === 'failed' ? boot.message : undefined} />} prepare={prepareLanding}>
      <ChunkErrorBoundary>
        <Suspense fallback={<Loading />}>
          <StepPage />
        </Suspense>
      </ChunkErrorBoundary>
      {/* In the app, the native side owns the login. */}
      {!bridge() && <LogoutButton />}
    </ApplicationProvider>
  );
}
