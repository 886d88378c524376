// When the applicant's session ends: 30 idle minutes after the last request the server saw, and at
// its 12-hour limit whatever is done (the server says both in the headers of its signed-in answers). Every answer of
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

/** An API answer that was not a refused session: the server touched the session with it, and said (in its headers) how long the session lasts. */
export function noteSessionActivity(said?: { idleMinutes: number; expiresAt?: string }): void {
  lastActivity = Date.now();
  if (said) limits = { idleMinutes: said.idleMinutes, expiresAt: said.expiresAt ?? limits?.expiresAt ?? new Date(Date.now() + 12 * 3_600_000).toISOString() };
  for (const listener of listeners) listener();
}

/** How long before the session's end the applicant is warned. */
export const WARN_BEFORE_MS = 2 * 60_000;

export function onSessionTiming(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * When the session ends, as this tab can tell, and why. The server touches a session at most once a
 * minute, so its idle end may come up to a minute before lastActivity + idleMinutes: counted from then.
 */
export function sessionEnd(): { at: number; reason: 'idle' | 'limit' } | undefined {
  if (!limits) return undefined;
  const idleEnd = lastActivity + (limits.idleMinutes - 1) * 60_000;
  const limitEnd = new Date(limits.expiresAt).getTime();
  return idleEnd <= limitEnd ? { at: idleEnd, reason: 'idle' } : { at: limitEnd, reason: 'limit' };
}

/**
 * Whether the warning is near (a minute before it shows, so its code has loaded by then): the
 * warning's code is no part of a page's first load. Checked on every answer and every 5 seconds.
 */
export function onWarningNear(listener: () => void): () => void {
  const check = () => {
    const end = sessionEnd();
    if (end && end.at - Date.now() <= WARN_BEFORE_MS + 60_000) listener();
  };
  const timer = setInterval(check, 5_000);
  listeners.add(check);
  check();
  return () => {
    clearInterval(timer);
    listeners.delete(check);
  };
}
