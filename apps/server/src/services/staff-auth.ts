// Staff accounts: scrypt password hashes (node:crypto), bearer tokens stored as hashes.
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { newId } from '../config.ts';
import type { Database } from '../db/database.ts';
import { staff, staffSessions } from '../db/schema.ts';
import { AppError } from '../http/envelope.ts';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

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

export async function createStaff(db: Database, input: { email: string; name: string; password: string }) {
  if (input.password.length < 12) throw new Error('A staff password needs at least 12 characters');
  const id = newId();
  await db.insert(staff).values({ id, email: input.email.toLowerCase(), name: input.name, passwordHash: await hashPassword(input.password) });
  return id;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function startStaffSession(db: Database, staffId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({ id: hash(token), staffId, expiresAt: new Date(Date.now() + 8 * 3_600_000) });
  return token;
}

/** preHandler for the staff API: a bearer token of a staff session, never an applicant's cookie. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const [row] = token
    ? await request.server.kh.db
        .select({ staffId: staffSessions.staffId })
        .from(staffSessions)
        .where(and(eq(staffSessions.id, hash(token)), gt(staffSessions.expiresAt, new Date())))
    : [];
  if (!row) throw new AppError(401, '401', 'errors.http401');
  (request as FastifyRequest & { staffId: string }).staffId = row.staffId;
}

export const staffOf = (request: FastifyRequest): string => (request as FastifyRequest & { staffId: string }).staffId;
