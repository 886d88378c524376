// What one applicant alone may hold: a username, an e-mail address, an ID number. Each is a row of
// member_claims whose primary key is (kind, normalised value): two applicants saving the same value
// at once end with one owner, the database deciding, never a read-then-write. A member holds one
// value per kind; taking a new one gives the old one up.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
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

const isUniqueViolation = (error: unknown) => [(error as { code?: string }).code, (error as { cause?: { code?: string } }).cause?.code].includes('23505');

/** The kinds among these that another member holds now (to report with the step's other errors). */
export async function heldByOthers(db: Database, memberId: string, claims: Claim[]): Promise<ClaimKind[]> {
  if (claims.length === 0) return [];
  const rows = await db
    .select({ kind: memberClaims.kind })
    .from(memberClaims)
    .where(and(ne(memberClaims.memberId, memberId), or(...claims.map((c) => and(eq(memberClaims.kind, c.kind), eq(memberClaims.value, c.value))))));
  return rows.map((row) => row.kind as ClaimKind);
}

/**
 * Takes each value for the member, giving up the one it held of that kind. Answers the kinds another
 * member took first: the unique key refuses the second of two saves racing for one value.
 */
export async function claim(db: Database, memberId: string, claims: Claim[]): Promise<ClaimKind[]> {
  const lost: ClaimKind[] = [];
  for (const { kind, value } of claims) {
    try {
      await db
        .insert(memberClaims)
        .values({ kind, value, memberId })
        .onConflictDoUpdate({ target: [memberClaims.memberId, memberClaims.kind], set: { value, createdAt: sql`now()` } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      lost.push(kind);
    }
  }
  return lost;
}
