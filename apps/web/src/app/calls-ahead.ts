// Calls made before the code that needs their answers asks for them, so that their round trip
// overlaps with something else (the page's own loading, the applicant filling in the page before).
// Each answer is taken once, by the first to ask for the very same call; a call that failed before
// anyone took it is dropped, and whoever asks then makes it anew.
export interface CallsAhead {
  /** Starts the call under this key, unless one is already under way. */
  start(key: string, call: () => Promise<unknown>): void;
  /** The call under way under this key, taken; else the call made now. */
  take<T>(key: string, call: () => Promise<T>): Promise<T>;
  forget(key: string): void;
  clear(): void;
}

export function callsAhead(): CallsAhead {
  const started = new Map<string, Promise<unknown>>();
  return {
    start(key, call) {
      if (started.has(key)) return;
      const answer = call();
      answer.catch(() => started.get(key) === answer && started.delete(key));
      started.set(key, answer);
    },
    take<T>(key: string, call: () => Promise<T>) {
      const answer = started.get(key) as Promise<T> | undefined;
      started.delete(key);
      return answer ?? call();
    },
    forget: (key) => void started.delete(key),
    clear: () => started.clear(),
  };
}
