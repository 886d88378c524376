import { startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@kh/ui/styles.css';
import './app.css';
import { App, loadApplicationRoot } from './App.tsx';
import { applyFullScreen, initialLanguage, keepLanguageChoice } from './app/platform.ts';
import { LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, createI18n, loadLanguage, type Language } from '@kh/i18n';
import { installErrorReports } from './app/error-reports.ts';
import { dropGivenAnswers, endpoints, loginCache } from './app/services.ts';
import { startBootCalls } from './app/boot-calls.ts';
import { dropExpiredDrafts } from './app/drafts.ts';
import { betweenBootPieces, bootingBehindDrawnPage, whenFirstPageShown } from './app/first-page.ts';
import { yieldToMain } from './app/yield-to-main.ts';
import { replayEarlyInput, stopHoldingClicks, typedFields, type TypedFields } from './app/early-input.ts';
import { RESUMING_ATTRIBUTE, installBridgeDouble, readPageBoot } from '@kh/api';

// Development only: ?khBridge=<app version> plays the app's side of the bridge and logs each call,
// so the in-app behaviour can be tried in a desktop browser (docs/kh-bridge.md).
const bridgeDoubleVersion = import.meta.env.DEV ? new URLSearchParams(window.location.search).get('khBridge') : null;
if (bridgeDoubleVersion) installBridgeDouble(window, { appVersion: bridgeDoubleVersion, onCall: (call) => console.info('KhBridge', call) });

applyFullScreen(window.location.search);
installErrorReports(endpoints.analytics.errorReport);

const root = document.getElementById('root')!;
// The server said with the page whether anyone is logged in, and may have sent the page drawn.
const boot = readPageBoot(root.dataset);
// A status page drawn for the step this tab's flow stands on (a reload): hidden by its resume check,
// never shown; the app resumes on the step as on the logged-in page.
const resuming = document.documentElement.hasAttribute(RESUMING_ATTRIBUTE);
// A drawn status page is on screen and answers a tap already: its boot starts in a task after the
// one that evaluated this code (one long task blocked input for both).
if (boot.drawn === 'status' && !resuming) void yieldToMain().then(start);
else start();

// What was typed and clicked on a drawn page before the app took it over is done once it has: the
// fields' text is read then (hydrated, they are the same fields), or now when the app draws them anew.
function TakingOver({ typed, children }: { typed?: TypedFields; children: ReactNode }): ReactNode {
  useLayoutEffect(() => replayEarlyInput(typed ?? typedFields(root)), []);
  return children;
}

/** The boot: the language, the early calls, and the app's first render, drawn anew or over the drawn page. */
function start(): void {
  dropExpiredDrafts();
  if (boot.session) loginCache.seed(boot.session === 'in');
  const language = initialLanguage();
  // What the server answered with a logged-in page served this boot; a later call asks afresh.
  if (boot.session === 'in') whenFirstPageShown(dropGivenAnswers);
  // A choice kept before the server was told of it (the cookie) is told now, for the next page.
  if (localStorage.getItem(LANGUAGE_STORAGE_KEY) === language && !document.cookie.includes(`${LANGUAGE_COOKIE}=${language}`)) keepLanguageChoice(language);
  // A language picked on the drawn page before the app took it over (its scripts come once it has
  // painted) is the applicant's choice: the app opens in it.
  const picked = root.querySelector<HTMLSelectElement>('#language')?.value;
  if (!resuming && boot.drawn && picked && picked !== boot.language && (LANGUAGES as readonly string[]).includes(picked)) {
    keepLanguageChoice(picked as Language);
    const typed = typedFields(root);
    void createI18n(picked as Language).then(
      (i18n) => createRoot(root).render(<TakingOver typed={typed}><App language={picked as Language} i18n={i18n} /></TakingOver>),
      () => createRoot(root).render(<App />),
    );
  } else if (boot.drawn && boot.session === 'out' && boot.language === language) {
    // The drawn page stays on screen while its language's texts load; React then takes it over as it is.
    void createI18n(language).then(
      (i18n) => hydrateRoot(root, <TakingOver><App language={language} i18n={i18n} /></TakingOver>),
      () => createRoot(root).render(<App />),
    );
  } else if (!resuming && boot.drawn === 'status' && boot.session === 'in' && boot.language === language) {
    startBootCalls(language, window.location.search);
    // The drawn status page stays on screen while the application boots beside it, out of sight; the
    // application's own first page (this status page, or wherever its flow stands) then takes its place.
    const app = Object.assign(document.createElement('div'), { hidden: true });
    root.after(app);
    whenFirstPageShown(() => {
      const typed = typedFields(root);
      root.remove();
      Object.assign(app, { hidden: false, id: 'root' });
      replayEarlyInput(typed);
    });
    // Out of sight, the boot renders in slices (a transition): the drawn page answers a tap meanwhile.
    // The application's code is evaluated in one task, its first render starts in the next.
    bootingBehindDrawnPage();
    void Promise.all([createI18n(language), loadApplicationRoot()]).then(
      ([i18n]) => betweenBootPieces().then(() => startTransition(() => createRoot(app).render(<App language={language} i18n={i18n} />))),
      () => createRoot(root).render(<App />),
    );
  } else if (boot.session === 'in') {
    startBootCalls(language, window.location.search);
    if (resuming) {
      root.replaceChildren();
      document.documentElement.removeAttribute(RESUMING_ATTRIBUTE);
      stopHoldingClicks();
    }
    // Logged in: the application's code came preloaded with the page. The first render starts from it and
    // from the language's texts, with no loading screen in between.
    void Promise.all([createI18n(language), loadApplicationRoot()]).then(
      ([i18n]) => createRoot(root).render(<App language={language} i18n={i18n} />),
      () => createRoot(root).render(<App />),
    );
  } else {
    // The first page needs the applicant's language and whether they are logged in: both are asked for
    // now, together, rather than one after the other as the components that use them mount.
    void loadLanguage(language).catch(() => undefined);
    void loginCache.isLoggedIn().catch(() => undefined);
    createRoot(root).render(<App />);
  }
}
