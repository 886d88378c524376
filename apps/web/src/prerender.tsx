// Build time (scripts/prerender.ts): the first page drawn by the app itself in each language, so the
// server can send it painted and the phone shows it before any script has run:
// - a logged-out applicant's start page or login, which the browser takes over as it is (main.tsx hydrates it);
// - a logged-in applicant's status page, for each state whose page holds nothing of theirs but the
//   state, which stays on screen until the application, booted, shows its own first page.
import { DRAWN_SERVICE_MARKS } from '@kh/api';
import { createI18n, type Language } from '@kh/i18n';
import type { EntryState, FlowInput } from '@kh/flow';
import { Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './App.tsx';
import { StepPage } from './ApplicationRoot.tsx';
import { ApplicationStateProvider } from './app/application.tsx';
import { placedApplication } from './app/placed-application.ts';
import { loginCache } from './app/services.ts';

function draw(path: string, language: Language, i18n: Awaited<ReturnType<typeof createI18n>>, application?: ComponentType) {
  return renderToString(
    <Router ssrPath={path} ssrSearch="">
      <App language={language} i18n={i18n} application={application} />
    </Router>,
  );
}

export async function drawLoggedOut(path: string, language: Language): Promise<{ html: string; title: string }> {
  loginCache.seed(false);
  const i18n = await createI18n(language);
  return { html: draw(path, language, i18n), title: i18n.t('step.start.title') };
}

/**
 * The status page states drawn: no market names opened, no link to the application's own PDF (an
 * application under review or opened shows them, and gets the plain page). What the flow starts
 * from in each (statusEntry gives the state back from it).
 */
export const DRAWN_STATUS: Partial<Record<EntryState, FlowInput>> = {
  new: { mode: 'new', status: null },
  draft: { mode: 'draft', status: 1 },
  rejected: { mode: 'rejected', status: 5 },
};

export async function drawStatus(state: EntryState, language: Language): Promise<{ html: string; title: string }> {
  loginCache.seed(true);
  const i18n = await createI18n(language);
  const flow = DRAWN_STATUS[state];
  if (!flow) throw new Error(`no drawn status page for ${state}`);
  // Customer service as the server names it: marks the server fills in (DRAWN_SERVICE_MARKS).
  const application = placedApplication({ step: 'start', flow, applyId: state === 'new' ? null : 'drawn', user: { mid: 'drawn' }, service: { ...DRAWN_SERVICE_MARKS } });
  const Drawn = () => (
    <ApplicationStateProvider value={application}>
      {/* No log-out link: the app's page in the broker's app has none (its native side owns the login); a browser's gets it with the app. */}
      <Suspense>
        <StepPage />
      </Suspense>
    </ApplicationStateProvider>
  );
  return { html: draw('/status/entry', language, i18n, Drawn), title: i18n.t('step.start.title') };
}
