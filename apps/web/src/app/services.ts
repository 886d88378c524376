// The app's one API client, its endpoints, the toast store and the login trigger.
import { PAGE_ANSWERS_ELEMENT, createApiClient, createEndpoints, createLoginCache, createLoginTrigger, createToastStore, givenAnswers, readPageAnswers } from '@kh/api';
import { bridge, inApp } from './platform.ts';
import { isHandoff } from './saved-flow.ts';
import { noteSessionActivity } from './session-timing.ts';

export const toasts = createToastStore();
let language = 'en';
export const setApiLanguage = (value: string) => void (language = value);
export const currentLanguage = () => language;

const triggerLogin = createLoginTrigger({
  inApp: inApp(),
  bridge: bridge(),
  navigate: (url) => window.location.assign(url),
  currentUrl: () => window.location.pathname + window.location.search,
  language: () => language,
});

/** The answers the server gave with the page (read once, then out of the document): dropped when the first page shows. */
const pageAnswers = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT);
const given = givenAnswers(readPageAnswers(pageAnswers?.textContent));
pageAnswers?.remove();
export const dropGivenAnswers = (): void => given.clear();

/** Every answer but a refused session is a request the server counted as the session's use, and says how long the session lasts. */
const countingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 401) return response;
  const idle = Number(response.headers.get('x-session-idle-minutes'));
  noteSessionActivity(idle > 0 ? { idleMinutes: idle, expiresAt: response.headers.get('x-session-expires') ?? undefined } : undefined);
  return response;
};

// A phone that came by the QR code has no login of its own to go to: its page says its hand-off is over.
export const api = createApiClient({ baseUrl: '', prefix: '/api', language: () => language, toasts, onLoginRequired: () => void (isHandoff() || triggerLogin('expired')), given, fetch: countingFetch });

/** The session has ended (the warning's countdown ran out): the login page says why, and returns here after. */
export const sessionEnded = (): void => triggerLogin('expired');
export const endpoints = createEndpoints(api);
export const loginCache = createLoginCache(async () => (await endpoints.passport.loginCheck()).logined);

let sandbox = false;
/** Whether this server is the sandbox (dev mode): every page then says so. */
export const isSandbox = () => sandbox;

/** Dev mode answers /dev/config; a production server has no /dev routes at all. */
let loading: Promise<void> | undefined;
export function detectSandbox(): Promise<void> {
  // One request, whoever asks first; a failed one may be tried again.
  loading ??= (async () => {
    const response = await fetch('/dev/config');
    if (!response.ok) return;
    sandbox = true;
    document.dispatchEvent(new Event('kh:sandbox'));
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
