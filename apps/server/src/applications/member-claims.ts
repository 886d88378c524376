// What one applicant alone may hold: a username, an e-mail address, an ID number. Each is a row of
// member_claims whose primary key is (kind, normalised value): two applicants saving the same value
// at once end with one owner, the database deciding, never a read-then-write. A member holds one
// value per kind; taking a new one gives the old one up.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database.ts';
import { memberClaims } from '../db/schema.ts';

export type ClaimKind = 'username' | 'email' | 'idNo';
export interface Claim {
  kind: ClaimKind;
  value: string;
}

/** One spelling per value: user names and e-mail addresses regardless of case, ID numbers without spaces or dashes. */
const NORMALISE: Record<ClaimKind, (value: string) => string> = {
  username: (value) => value.trim().toLowerCase(),
  email: (value) => value.trim().toLowerCase(),
  idNo: (value) => value.toUpperCase().replace(/[\s-]/g, ''),
};
export const claimOf = (kind: ClaimKind, value: unknown): Claim[] => (typeof value === 'string' && value.trim() !== '' ? [{ kind, value: NORMALISE[kind](value) }] : []);

/** The kinds among these that another member holds now (to report with the step's other errors). */
export async function heldByOthers(db: Database, memberId: string, claims: Claim[]): Promise<ClaimKind[]> {
  if (claims.length === 0) return [];
  const rows = await db
    .select({ kind: memberClaims.kind })
    .from(memberClaims)
    .where(and(ne(memberClaims.memberId, memberId), or(...claims.map((c) => and(eq(memberClaims.kind, c.kind), eq(memberClaims.value, c.value))))));
  // In the order asked (the step's order of fields), whatever order the rows come in.
  const held = new Set(rows.map((row) => row.kind));
  return claims.map((c) => c.kind).filter((kind) => held.has(kind));
}

/**
 * Takes every value for the member, giving up the one it held of each kind, or none of them: a save
 * refused for one value must not keep another (two racers could each win half, and both be refused).
 * One statement (kh_claim, drizzle/0028_claim_function.sql), kinds in a fixed order so two racers
 * queue on the same key instead of deadlocking; the unique key makes the second of two racers for a
 * value wait for the first and then find it taken. Answers the kinds another member holds.
 */
export async function claim(db: Database, memberId: string, claims: Claim[]): Promise<ClaimKind[]> {
  if (claims.length === 0) return [];
  const ordered = [...claims].sort((a, b) => a.kind.localeCompare(b.kind));
  const [row] = rowsOf<{ lost: ClaimKind[] }>(
    await db.execute(sql`select kh_claim(${memberId}, ${sql.param(ordered.map((c) => c.kind))}::text[], ${sql.param(ordered.map((c) => c.value))}::text[]) as lost`),
  );
  return row?.lost ?? [];
}
