// SPEC §9 limits that the client enforces.
export const API_LIMITS = {
  timeout: { defaultMs: 6000, factor: 1.5, minMs: 6000, maxMs: 15000 },
  uploadTimeoutMs: 100_000,
  retry: { limit: 1, baseDelayMs: 2060 },
  duplicateWindowMs: 60_000,
  debounceMs: 500,
  loginCacheMs: 10 * 60_000,
  // Long enough for one page load's askers to share the answer, short enough to see a login elsewhere.
  loggedOutCacheMs: 5_000,
  poll: { intervalMs: 300, tries: 20 },
  toast: { dedupeMs: 50, durationMs: 3000 },
} as const;

/** Success codes of SPEC §8. */
export const SUCCESS_CODES = ['10010000', '10000000', '0'] as const;

/** Analytics events sent together at most (one beacon); the server refuses a larger batch. */
export const ANALYTICS_BATCH_MAX = 50;
