// Staff accounts: scrypt password hashes (node:crypto), a TOTP second factor (otpauth), roles, and
// sessions stored as hashes. The console holds its session in the kh_staff cookie (Path=/staff,
// SameSite=Strict), API clients as a bearer token; neither is ever read by the applicant API, and the
// applicant's cookie is never read here.
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { newId } from '../config.ts';
import type { Database } from '../db/database.ts';
import { staff, staffSessions } from '../db/schema.ts';
import { AppError } from '../http/envelope.ts';
import { servedOverHttps } from '../http/session.ts';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export const STAFF_ROLES = ['reviewer', 'supervisor', 'admin', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_COOKIE = 'kh_staff';

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await scrypt(password, salt, 64)).toString('base64')}`;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash of no one's password, compared when the e-mail is unknown so that the answer takes as long. */
let unknownHash: Promise<string> | undefined;
export const unknownAccountHash = (): Promise<string> => (unknownHash ??= hashPassword(randomBytes(16).toString('hex')));

export async function createStaff(db: Database, input: { email: string; name: string; password: string; role?: StaffRole }) {
  if (input.password.length < 12) throw new Error('A staff password needs at least 12 characters');
  if (input.role && !STAFF_ROLES.includes(input.role)) throw new Error(`A role is one of ${STAFF_ROLES.join(', ')}`);
  const id = newId();
  await db.insert(staff).values({ id, email: input.email.toLowerCase(), name: input.name, passwordHash: await hashPassword(input.password), role: input.role ?? 'reviewer' });
  return id;
}

/** The authenticator entry for an account: the broker's name and the e-mail, 6 digits every 30 s. */
export const totpFor = (secretBase32: string, email: string) => new TOTP({ issuer: 'KH Account Opening', label: email, secret: Secret.fromBase32(secretBase32), digits: 6, period: 30, algorithm: 'SHA1' });
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The time step a code belongs to (within one step either side), or undefined. */
export function totpStep(secretBase32: string, email: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = totpFor(secretBase32, email);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function startStaffSession(db: Database, staffId: string, stage: 'password' | 'full', maxHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // The password step alone lasts minutes: long enough to type a code, not to keep.
  const lifetimeMs = stage === 'full' ? maxHours * 3_600_000 : 10 * 60_000;
  await db.insert(staffSessions).values({ id: hash(token), staffId, stage, expiresAt: new Date(Date.now() + lifetimeMs) });
  return token;
}

export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(STAFF_COOKIE, token, { httpOnly: true, path: '/staff', sameSite: 'strict', secure: servedOverHttps(request) });
}
export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(STAFF_COOKIE, { path: '/staff', sameSite: 'strict', secure: servedOverHttps(request) });
}

/** The staff session's token: the console's cookie or an API client's bearer header. */
export function staffToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7) : (request.cookies[STAFF_COOKIE] ?? '');
}

export async function endStaffSession(db: Database, token: string) {
  if (token) await db.delete(staffSessions).where(eq(staffSessions.id, hash(token)));
}

/** The live session behind the token at the given stage, touched; idle ones end. */
export async function staffSessionOf(request: FastifyRequest, stage: 'password' | 'full') {
  const { db, config } = request.server.kh;
  const token = staffToken(request);
  if (!token) return undefined;
  const now = new Date();
  const idleSince = new Date(now.getTime() - config.staffSession.idleMinutes * 60_000);
  const [row] = await db
    .select({ sessionId: staffSessions.id, lastSeenAt: staffSessions.lastSeenAt, id: staff.id, name: staff.name, email: staff.email, role: staff.role, totpSecret: staff.totpSecret, totpEnabledAt: staff.totpEnabledAt, totpLastStep: staff.totpLastStep })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, hash(token)), eq(staffSessions.stage, stage), gt(staffSessions.expiresAt, now), gt(staffSessions.lastSeenAt, idleSince), isNull(staff.disabledAt)));
  if (!row) return undefined;
  // Touched at most once a minute: a busy console does not write on every request.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.sessionId));
  return { ...row, token };
}

/** preHandler for the staff API: a full staff session (password and second factor), never an applicant's cookie. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  const session = await staffSessionOf(request, 'full');
  if (!session) throw new AppError(401, '401', 'server.staffSessionEnded');
  (request as FastifyRequest & { staff: StaffMember }).staff = { id: session.id, name: session.name, email: session.email, role: session.role as StaffRole };
}

/** preHandler: the signed-in staff member must hold one of these roles. */
export const requireRole =
  (...roles: StaffRole[]) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!roles.includes(staffMemberOf(request).role)) throw new AppError(403, '403', 'server.staffRoleRequired', { roles: roles.join(', ') });
  };

export const staffMemberOf = (request: FastifyRequest): StaffMember => (request as FastifyRequest & { staff: StaffMember }).staff;
export const staffOf = (request: FastifyRequest): string => staffMemberOf(request).id;
