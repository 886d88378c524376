// The app's one API client, its endpoints, the toast store and the login trigger.
import { createApiClient, createEndpoints, createLoginCache, createLoginTrigger, createToastStore } from '@kh/api';
import { bridge, inApp } from './platform.ts';

export const toasts = createToastStore();
let language = 'en';
let signingSecret = '';
export const setApiLanguage = (value: string) => void (language = value);
export const currentLanguage = () => language;

const triggerLogin = createLoginTrigger({
  inApp: inApp(),
  bridge: bridge(),
  navigate: (url) => window.location.assign(url),
  currentUrl: () => window.location.pathname + window.location.search,
  language: () => language,
});

export const api = createApiClient({ baseUrl: '', prefix: '/api', language: () => language, toasts, onLoginRequired: () => triggerLogin() });
export const endpoints = createEndpoints(api, { signingSecret: () => signingSecret });
export const loginCache = createLoginCache(async () => (await endpoints.passport.loginCheck()).logined);

let sandbox = false;
/** Whether this server is the sandbox (dev mode): every page then says so. */
export const isSandbox = () => sandbox;

/** The send-auth-code secret is configuration the server hands out in the sandbox (never in the bundle). */
let loading: Promise<void> | undefined;
export function loadSigningSecret(): Promise<void> {
  // One request, whoever asks first (the boot and the sandbox marker both do); a failed one may be tried again.
  loading ??= (async () => {
    const response = await fetch('/dev/config');
    if (!response.ok) return;
    signingSecret = ((await response.json()) as { data: { signingSecret: string } }).data.signingSecret;
    sandbox = true;
    document.dispatchEvent(new Event('kh:sandbox'));
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
