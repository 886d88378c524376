// Staff accounts: scrypt password hashes (node:crypto), a TOTP second factor (otpauth), roles, and
// sessions stored as hashes. The console holds its session in the kh_staff cookie (Path=/staff,
// SameSite=Strict), API clients as a bearer token; neither is ever read by the applicant API, and the
// applicant's cookie is never read here.
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/database.ts';
import { staff, staffSessions } from '../db/schema.ts';
import { AppError, CODES } from '../http/envelope.ts';
import { servedOverHttps } from '../http/session.ts';
import { PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from './staff-access.ts';

export { STAFF_ROLES, type StaffRole } from './staff-access.ts';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export const STAFF_COOKIE = 'kh_staff';
/** A password an admin chose signs in once, within this time, to be changed then. */
export const ONE_TIME_PASSWORD_HOURS = 72;
export const MIN_PASSWORD_LENGTH = 12;

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  /** The session's own reference (the list of one's sessions marks it as this one). */
  sessionRef: string;
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

/**
 * A staff account. `oneTimePassword`: the password was chosen by someone else (an admin's proposal),
 * so it signs in once, to be changed. The operator's own first admin (staff:create) chooses theirs.
 */
export async function createStaff(db: Database, input: { email: string; name: string; password: string; role?: StaffRole; oneTimePassword?: boolean }): Promise<string> {
  if (input.password.length < MIN_PASSWORD_LENGTH) throw new Error(`A staff password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  if (input.role && !STAFF_ROLES.includes(input.role)) throw new Error(`A role is one of ${STAFF_ROLES.join(', ')}`);
  const id = newId();
  await db.insert(staff).values({
    id,
    email: input.email.toLowerCase(),
    name: input.name,
    passwordHash: await hashPassword(input.password),
    role: input.role ?? 'reviewer',
    oneTimePasswordUntil: input.oneTimePassword ? oneTimeUntil() : null,
    // The operator chose this password for themselves: they may enrol their authenticator with it.
    enrolByPassword: true,
  });
  return id;
}

export const oneTimeUntil = (now = Date.now()) => new Date(now + ONE_TIME_PASSWORD_HOURS * 3_600_000);

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

/** The password step alone lasts minutes: long enough to type a code or a new password, not to keep. */
export const HALF_SESSION_MINUTES = 10;

export async function startStaffSession(
  db: Database,
  staffId: string,
  stage: 'password' | 'full',
  maxHours: number,
  origin: { ip?: string | null; userAgent?: string | null; pendingTotpSecret?: string } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const lifetimeMs = stage === 'full' ? maxHours * 3_600_000 : HALF_SESSION_MINUTES * 60_000;
  await db.insert(staffSessions).values({
    id: hash(token),
    ref: randomBytes(12).toString('base64url'),
    staffId,
    stage,
    ip: origin.ip ?? null,
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
    pendingTotpSecret: origin.pendingTotpSecret ?? null,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
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

/** Ends every session of an account but the one given (a changed password, "log out everywhere"). */
export async function endOtherStaffSessions(db: Database, staffId: string, keepToken?: string) {
  await db.delete(staffSessions).where(keepToken ? and(eq(staffSessions.staffId, staffId), ne(staffSessions.id, hash(keepToken))) : eq(staffSessions.staffId, staffId));
}

/** The live session behind the token at the given stage, touched; idle ones end, and a disabled account has none. */
export async function staffSessionOf(request: FastifyRequest, stage: 'password' | 'full') {
  const { db, config } = request.server.kh;
  const token = staffToken(request);
  if (!token) return undefined;
  const now = new Date();
  const idleSince = new Date(now.getTime() - config.staffSession.idleMinutes * 60_000);
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      sessionRef: staffSessions.ref,
      lastSeenAt: staffSessions.lastSeenAt,
      pendingTotpSecret: staffSessions.pendingTotpSecret,
      id: staff.id,
      name: staff.name,
      email: staff.email,
      role: staff.role,
      passwordHash: staff.passwordHash,
      oneTimePasswordUntil: staff.oneTimePasswordUntil,
      totpSecret: staff.totpSecret,
      totpEnabledAt: staff.totpEnabledAt,
      totpLastStep: staff.totpLastStep,
      enrolByPassword: staff.enrolByPassword,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, hash(token)), eq(staffSessions.stage, stage), gt(staffSessions.expiresAt, now), gt(staffSessions.lastSeenAt, idleSince), isNull(staff.disabledAt)));
  if (!row) return undefined;
  // Touched at most once a minute: a busy console does not write on every request.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.sessionId));
  return { ...row, role: row.role as StaffRole, token };
}
export type HalfSession = NonNullable<Awaited<ReturnType<typeof staffSessionOf>>>;

const halfSessions = new WeakMap<FastifyRequest, HalfSession>();
/** The half session the gate admitted a `halfSession` route with. */
export const halfSessionOf = (request: FastifyRequest): HalfSession => {
  const session = halfSessions.get(request);
  if (!session) throw new AppError(401, '401', 'server.staffSessionEnded');
  return session;
};

/**
 * The staff API's gate, run before a body is read: what the route declared (`staffAccess`) decides.
 * No session, a half session where a full one is needed, or a disabled account: 401. A role without
 * the permission: 403 with the code `staff.forbidden`, naming the roles that have it.
 */
export async function staffGate(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.staffAccess;
  if (access === 'signIn') return;
  if (access === 'halfSession') {
    const half = await staffSessionOf(request, 'password');
    if (!half) throw new AppError(401, '401', 'server.staffSessionEnded');
    halfSessions.set(request, half);
    return;
  }
  const session = await staffSessionOf(request, 'full');
  if (!session) throw new AppError(401, '401', 'server.staffSessionEnded');
  request.staff = { id: session.id, name: session.name, email: session.email, role: session.role, sessionRef: session.sessionRef };
  if (access === 'self') return;
  if (access === undefined) throw new AppError(403, CODES.staffForbidden, 'server.staffRoleRequired', { roles: '-' });
  const roles = PERMISSIONS[access as Permission].roles as readonly StaffRole[];
  if (!roles.includes(session.role)) throw new AppError(403, CODES.staffForbidden, 'server.staffRoleRequired', { roles: roles.join(', ') });
}

/** Refuses unless the signed-in person's role holds the permission (a rule inside a route: the checker of a case). */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  const roles = PERMISSIONS[permission].roles as readonly StaffRole[];
  if (!roles.includes(staffMemberOf(request).role)) throw new AppError(403, CODES.staffForbidden, 'server.staffRoleRequired', { roles: roles.join(', ') });
}

export const staffMemberOf = (request: FastifyRequest): StaffMember => {
  if (!request.staff) throw new AppError(401, '401', 'server.staffSessionEnded');
  return request.staff;
};
export const staffOf = (request: FastifyRequest): string => staffMemberOf(request).id;
