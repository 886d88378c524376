// When the applicant's session ends: 30 idle minutes after the last request the server saw, and at
// its 12-hour limit whatever is done (the server says both with the login check). Every answer of
// the API is a request the server counted; the session warning reads this to say "2 minutes left".
export interface SessionLimits {
  idleMinutes: number;
  /** ISO time: the session's hard end. */
  expiresAt: string;
}

let limits: SessionLimits | undefined;
let lastActivity = Date.now();
const listeners = new Set<() => void>();

export const sessionLimits = (): SessionLimits | undefined => limits;
export const lastSessionActivity = (): number => lastActivity;

export function setSessionLimits(next: SessionLimits | undefined): void {
  limits = next;
  lastActivity = Date.now();
  for (const listener of listeners) listener();
}

/** An API answer that was not a refused session: the server touched the session with it. */
export function noteSessionActivity(): void {
  lastActivity = Date.now();
  for (const listener of listeners) listener();
}

export function onSessionTiming(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * When the session ends, as this tab can tell, and why. The server touches a session at most once a
 * minute, so its idle end may come up to a minute before lastActivity + idleMinutes: counted from then.
 */
export function sessionEnd(now = Date.now()): { at: number; reason: 'idle' | 'limit' } | undefined {
  if (!limits) return undefined;
  const idleEnd = lastActivity + (limits.idleMinutes - 1) * 60_000;
  const limitEnd = new Date(limits.expiresAt).getTime();
  void now;
  return idleEnd <= limitEnd ? { at: idleEnd, reason: 'idle' } : { at: limitEnd, reason: 'limit' };
}
