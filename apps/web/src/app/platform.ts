// Where the flow runs (SPEC §1): the broker's app webview (a bridge is injected), an embedded page,
// or a PC browser (identity checks hand over to a phone by QR code).
import type { AppBridge } from '@kh/api';
import type { Platform } from '@kh/flow';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, chooseLanguage, keepLanguage, type Language } from '@kh/i18n';

declare global {
  interface Window {
    KhBridge?: AppBridge;
  }
}

export const bridge = (): AppBridge | undefined => (typeof window === 'undefined' ? undefined : window.KhBridge);
export const inApp = (): boolean => !!bridge();

export function detectPlatform(): Platform {
  if (inApp()) return 'app';
  const mobile = /Android|iPhone|iPad|Mobile/i.test(navigator.userAgent) || navigator.maxTouchPoints > 1;
  return mobile ? 'embedded' : 'pc';
}

/** _app_fullScreen=y asks the app for the full screen. */
export function applyFullScreen(search: string) {
  if (new URLSearchParams(search).get('_app_fullScreen') === 'y') bridge()?.setFullScreen?.(true);
}

/** The language the app opens in: the URL's, else the applicant's earlier choice, else the app's or the browser's. */
export const initialLanguage = (): Language =>
  chooseLanguage({ url: new URLSearchParams(window.location.search).get('language'), app: bridge() ? navigator.language : null, browser: navigator.languages, stored: localStorage.getItem(LANGUAGE_STORAGE_KEY) });

/** Keeps the applicant's choice here and tells the server, which then draws the first page in it. */
export function keepLanguageChoice(language: Language): void {
  keepLanguage(localStorage, language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
