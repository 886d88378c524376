// Sessions are stored server-side behind an HttpOnly, SameSite cookie; the table holds only a hash.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { preparedQuery } from '../db/prepared.ts';
import { sessions } from '../db/schema.ts';
import { AppError, unauthorized } from './envelope.ts';

export const SESSION_COOKIE = 'kh_sid';
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Lax by default. When the broker's pages embed the app, the cookie must travel in their frame:
 * SameSite=None needs Secure, and Partitioned keeps it to that embedding (CHIPS).
 */
export const cookieScope = (embedOrigins: readonly string[], https: boolean) =>
  embedOrigins.length > 0 ? ({ sameSite: 'none', secure: true, partitioned: true } as const) : ({ sameSite: 'lax', secure: https } as const);

/** https as the applicant sees it: the public origin, or the request (X-Forwarded-Proto from a trusted proxy). */
export const servedOverHttps = (request: FastifyRequest) => request.server.kh.config.publicOrigin.startsWith('https:') || request.protocol === 'https';

/** A hand-off session lasts as long as an identity check may take, not a week. */
export const HANDOFF_SESSION_MINUTES = 30;

export async function startSession(request: FastifyRequest, reply: FastifyReply, memberId: string, { handoffApplicationId }: { handoffApplicationId?: string } = {}): Promise<void> {
  const { db, config } = request.server.kh;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (handoffApplicationId ? HANDOFF_SESSION_MINUTES * 60_000 : config.sessionMaxHours * 3_600_000));
  await db.insert(sessions).values({ id: hash(token), memberId, userAgent: request.headers['user-agent'] ?? null, expiresAt, handoffApplicationId: handoffApplicationId ?? null });
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, path: '/', expires: expiresAt, ...cookieScope(config.embedOrigins, servedOverHttps(request)) });
}

/** A hand-off session becomes a full one (the phone carries on with the application): no limit, a full session's life. */
export async function promoteHandoffSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, config } = request.server.kh;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw unauthorized();
  const expiresAt = new Date(Date.now() + config.sessionMaxHours * 3_600_000);
  await db.update(sessions).set({ handoffApplicationId: null, expiresAt }).where(eq(sessions.id, hash(token)));
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, path: '/', expires: expiresAt, ...cookieScope(config.embedOrigins, servedOverHttps(request)) });
}

/** Ends the sessions phones were given by an application's hand-off links (a new link, or the PC disowning the phone). */
export async function endHandoffSessions(db: Database, applicationId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.handoffApplicationId, applicationId));
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await request.server.kh.db.delete(sessions).where(eq(sessions.id, hash(token)));
  reply.clearCookie(SESSION_COOKIE, { path: '/', ...cookieScope(request.server.kh.config.embedOrigins, servedOverHttps(request)) });
}

/**
 * Logging out: this session, every hand-off session the account gave a phone (the phone came for
 * this computer's identity check and goes with it), and with `everywhere` every session of the account.
 */
export async function logOut(request: FastifyRequest, reply: FastifyReply, { everywhere }: { everywhere: boolean }): Promise<void> {
  const session = await sessionOf(request);
  if (session && !session.handoffApplicationId) {
    const { db } = request.server.kh;
    await db.delete(sessions).where(everywhere ? eq(sessions.memberId, session.memberId) : and(eq(sessions.memberId, session.memberId), isNotNull(sessions.handoffApplicationId)));
  }
  await endSession(request, reply);
}

/** A session: its member, the application a hand-off session is limited to, when it was last used and when it ends. */
export interface SessionRow { memberId: string; handoffApplicationId: string | null; lastSeenAt: Date; /** Read where it is told (the session's own lookup); the save path's read leaves it out. */ expiresAt?: Date }

/** The stored id of the session behind the cookie (the table keeps only the hash), or undefined. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token ? hash(token) : undefined;
}

/** The session behind the cookie: its member, and the application a hand-off session is limited to. */
export async function sessionOf(request: FastifyRequest): Promise<SessionRow | undefined> {
  const id = sessionIdOf(request);
  if (!id) return undefined;
  const now = new Date();
  const [row] = await sessionLookup(request.server.kh.db).execute({ id, now: now.toISOString(), idleSince: idleSince(request, now).toISOString() });
  return row;
}

/** Sessions last used before this have ended, whatever their expiry. */
export const idleSince = (request: FastifyRequest, now = new Date()) => new Date(now.getTime() - request.server.kh.config.sessionIdleMinutes * 60_000);

const sessionLookup = preparedQuery((db) =>
  db
    .select({ memberId: sessions.memberId, handoffApplicationId: sessions.handoffApplicationId, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now')), gt(sessions.lastSeenAt, sql.placeholder('idleSince'))))
    .prepare('kh_session_lookup'),
);

/** A session in use is touched at most once a minute: not a write per request. */
const TOUCH_AFTER_MS = 60_000;
function touch(request: FastifyRequest, session: SessionRow): void {
  const id = sessionIdOf(request);
  if (!id || Date.now() - new Date(session.lastSeenAt).getTime() < TOUCH_AFTER_MS) return;
  void request.server.kh.db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(eq(sessions.id, id))
    .catch((error: unknown) => request.log.warn({ err: error }, 'session touch failed'));
}

/** "Stay signed in": the session is used now (the app's warning before the idle end); answers what the app counts down from. */
export async function keepSession(request: FastifyRequest): Promise<{ idleMinutes: number; expiresAt: string }> {
  const session = await sessionOf(request);
  const id = sessionIdOf(request);
  if (!session || !id) throw unauthorized();
  await request.server.kh.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
  return sessionTiming(request, session);
}

/** What the app counts down from: the idle time, and when the session ends whatever it does. */
export const sessionTiming = (request: FastifyRequest, session: SessionRow) => ({ idleMinutes: request.server.kh.config.sessionIdleMinutes, expiresAt: new Date(session.expiresAt ?? Date.now()).toISOString() });

/** The member behind the session cookie, or undefined. */
export const sessionMember = async (request: FastifyRequest): Promise<string | undefined> => (await sessionOf(request))?.memberId;

/** preHandler: only a logged-in applicant passes; a hand-off session only to its identity check. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  admitSession(request, await sessionOf(request));
}

/**
 * requireMember's verdict on a session already read (a route that reads it with its own data, in one
 * round trip, declares `config: { readsSession: true }` and calls this before anything else).
 */
export function admitSession(request: FastifyRequest, session: SessionRow | undefined): void {
  if (!session) throw unauthorized();
  touch(request, session);
  if (session.handoffApplicationId && !handoffMayCall(request, session.handoffApplicationId)) throw new AppError(403, '403', 'server.handoffIdentityOnly');
  request.memberId = session.memberId;
  request.handoffApplicationId = session.handoffApplicationId ?? undefined;
  request.sessionExpiresAt = session.expiresAt;
}

/**
 * Every signed-in answer says how long its session lasts (the idle time, and its end where the read
 * knew it), so the app warns before it ends without a request of its own to ask.
 */
export function sessionTimingHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.memberId) return;
  reply.header('x-session-idle-minutes', String(request.server.kh.config.sessionIdleMinutes));
  if (request.sessionExpiresAt) reply.header('x-session-expires', new Date(request.sessionExpiresAt).toISOString());
}

/** The identity check's calls a phone that came by the QR code may make (never issuing links or answering for the PC). */
const HANDOFF_IDENTITY_ROUTES = new Set([
  '/ekyc/rest-api/ctos/init',
  '/ekyc/zoloz/real-id/init',
  '/ekyc/rest-api/ctos/fetch-ekyc-status',
  '/ekyc/rest-api/ctos/check-result',
  '/ekyc/zoloz/real-id/check-result',
  '/ekyc/handoff/continue',
  '/ekyc/handoff/finish',
]);

/** What a phone that came by the QR code may call: the app's start-up reads and the identity check of that application. */
function handoffMayCall(request: FastifyRequest, applicationId: string): boolean {
  // The route the router matched, as declared: the raw URL may spell it otherwise (`/%65kyc/`).
  const path = (request.routeOptions.url ?? '').replace(/^\/api(?=\/)/, '');
  const body = (request.body ?? {}) as { fillStep?: unknown; applyId?: unknown; relateId?: unknown };
  const identityStep = Number(body.fillStep) === 2002 && (body.applyId === undefined || body.applyId === applicationId);
  if (['/passport/getUsers', '/kh/account/apply/check', '/kh/account/supplement/check'].includes(path)) return true;
  if (path === '/kh/account/apply/fetch-data' || path === '/kh/account/apply/fill-data') return identityStep;
  if (HANDOFF_IDENTITY_ROUTES.has(path)) return body.relateId === applicationId;
  return false;
}

export const memberOf = (request: FastifyRequest): string => {
  if (!request.memberId) throw unauthorized();
  return request.memberId;
};
