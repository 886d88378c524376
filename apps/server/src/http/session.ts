// Sessions are stored server-side behind an HttpOnly, SameSite cookie; the table holds only a hash.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessions } from '../db/schema.ts';
import { unauthorized } from './envelope.ts';

export const SESSION_COOKIE = 'kh_sid';
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Lax by default. When the broker's pages embed the app, the cookie must travel in their frame:
 * SameSite=None needs Secure, and Partitioned keeps it to that embedding (CHIPS).
 */
export const cookieScope = (embedOrigins: readonly string[], https: boolean) =>
  embedOrigins.length > 0 ? ({ sameSite: 'none', secure: true, partitioned: true } as const) : ({ sameSite: 'lax', secure: https } as const);

/** https as the applicant sees it: the public origin, or the request (X-Forwarded-Proto from a trusted proxy). */
const servedOverHttps = (request: FastifyRequest) => request.server.kh.config.publicOrigin.startsWith('https:') || request.protocol === 'https';

export async function startSession(request: FastifyRequest, reply: FastifyReply, memberId: string): Promise<void> {
  const { db, config } = request.server.kh;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.sessionDays * 86_400_000);
  await db.insert(sessions).values({ id: hash(token), memberId, userAgent: request.headers['user-agent'] ?? null, expiresAt });
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, path: '/', expires: expiresAt, ...cookieScope(config.embedOrigins, servedOverHttps(request)) });
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await request.server.kh.db.delete(sessions).where(eq(sessions.id, hash(token)));
  reply.clearCookie(SESSION_COOKIE, { path: '/', ...cookieScope(request.server.kh.config.embedOrigins, servedOverHttps(request)) });
}

/** The member behind the session cookie, or undefined. */
export async function sessionMember(request: FastifyRequest): Promise<string | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return undefined;
  const [row] = await request.server.kh.db
    .select({ memberId: sessions.memberId })
    .from(sessions)
    .where(and(eq(sessions.id, hash(token)), gt(sessions.expiresAt, new Date())));
  return row?.memberId;
}

/** preHandler: only a logged-in applicant passes. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  const memberId = await sessionMember(request);
  if (!memberId) throw unauthorized();
  request.memberId = memberId;
}

export const memberOf = (request: FastifyRequest): string => {
  if (!request.memberId) throw unauthorized();
  return request.memberId;
};
