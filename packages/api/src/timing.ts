// Small timing helpers of SPEC §4 and §9: the adaptive timeout, debounce and the retry poller.
import { API_LIMITS } from './constants.ts';

/** Timeout that follows the server: 1.5 × the recent response time, kept within 6-15 s. */
export interface AdaptiveTimeoutOptions {
  initialMs?: number;
  factor?: number;
  minMs?: number;
  maxMs?: number;
}

export function createAdaptiveTimeout({
  initialMs = API_LIMITS.timeout.defaultMs,
  factor = API_LIMITS.timeout.factor,
  minMs = API_LIMITS.timeout.minMs,
  maxMs = API_LIMITS.timeout.maxMs,
}: AdaptiveTimeoutOptions = {}) {
  let current: number = initialMs;
  return {
    current: () => current,
    /** Records a completed request's duration. */
    record(durationMs: number) {
      current = Math.min(maxMs, Math.max(minMs, Math.round(durationMs * factor)));
    },
    /** After a timeout, allow the next attempt longer (up to the maximum). */
    widen() {
      current = Math.min(maxMs, Math.max(minMs, Math.round(current * factor)));
    },
  };
}

export function debounce<Args extends unknown[]>(fn: (...args: Args) => void, waitMs: number = API_LIMITS.debounceMs) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: Args) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, waitMs);
  };
  debounced.cancel = () => timer && clearTimeout(timer);
  return debounced;
}

export class PollExhaustedError extends Error {
  constructor(tries: number) {
    super(`Gave up after ${tries} tries`);
    this.name = 'PollExhaustedError';
  }
}

/** Calls `attempt` every 300 ms until `done` says so, up to 20 tries (payment and identity transit pages). */
export async function poll<T>(
  attempt: () => Promise<T>,
  done: (value: T) => boolean,
  { intervalMs = API_LIMITS.poll.intervalMs, tries = API_LIMITS.poll.tries, signal }: { intervalMs?: number; tries?: number; signal?: AbortSignal } = {},
): Promise<T> {
  for (let i = 1; i <= tries; i++) {
    signal?.throwIfAborted();
    const value = await attempt();
    if (done(value)) return value;
    if (i < tries) await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new PollExhaustedError(tries);
}
