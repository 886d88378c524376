// The login trigger and the 10-minute login cache (SPEC §4, §8).
import { API_LIMITS } from './constants.ts';
import type { AppBridge } from './bridge.ts';

export interface LoginTriggerOptions {
  inApp: boolean;
  bridge?: AppBridge;
  /** Navigates the browser (location.assign in the app). */
  navigate: (url: string) => void;
  currentUrl: () => string;
  language: () => string;
  loginPath?: string;
}

/**
 * In a browser, go to the login page with target and language (and why, when a session ended: the
 * login page says so, SPEC §8); in the app, ask the native side.
 */
export function createLoginTrigger(options: LoginTriggerOptions) {
  let triggered = false;
  return (reason?: 'expired') => {
    if (triggered) return;
    triggered = true;
    setTimeout(() => (triggered = false), 1000);
    if (options.inApp && options.bridge) return options.bridge.login();
    const params = new URLSearchParams({ target: options.currentUrl(), language: options.language(), ...(reason ? { reason } : {}) });
    options.navigate(`${options.loginPath ?? '/login'}?${params}`);
  };
}

/** Remembers "logged in" for 10 minutes and "logged out" for a few seconds, then checks again. */
export function createLoginCache(check: () => Promise<boolean>, { ttlMs = API_LIMITS.loginCacheMs, loggedOutTtlMs = API_LIMITS.loggedOutCacheMs, now = () => Date.now() } = {}) {
  let cached: { value: boolean; at: number } | undefined;
  // The first page asks from several places at once: one request answers them all.
  let checking: Promise<boolean> | undefined;
  const fresh = () => (cached && now() - cached.at < (cached.value ? ttlMs : loggedOutTtlMs) ? cached : undefined);
  return {
    async isLoggedIn(): Promise<boolean> {
      const known = fresh();
      if (known) return known.value;
      if (!checking) {
        const current = check().then(
          (value) => {
            if (checking === current) cached = { value, at: now() };
            return value;
          },
        );
        checking = current;
        void current.finally(() => checking === current && (checking = undefined)).catch(() => undefined);
      }
      return checking;
    },
    /** The answer already known, without asking: a first render can start from it. */
    peek(): boolean | undefined {
      return fresh()?.value;
    },
    /** An answer given with the page itself (the server read the session when it served the HTML). */
    seed(value: boolean) {
      cached = { value, at: now() };
    },
    forget() {
      cached = undefined;
      checking = undefined;
    },
  };
}
