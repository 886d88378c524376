// What one applicant alone may hold: a username, an e-mail address, an ID number. Each is a row of
// member_claims whose primary key is (kind, normalised value): two applicants saving the same value
// at once end with one owner, the database deciding, never a read-then-write. A member holds one
// value per kind; taking a new one gives the old one up.
import { and, eq, ne, or } from 'drizzle-orm';
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

class ClaimLost extends Error {
  constructor(readonly kinds: ClaimKind[]) {
    super('claim lost');
  }
}

/**
 * Takes every value for the member, giving up the one it held of each kind, or none of them: a save
 * refused for one value must not keep another (two racers could each win half, and both be refused).
 * One transaction, kinds in a fixed order so two racers queue on the same key instead of deadlocking;
 * the unique key makes the second of two racers for a value wait for the first and then find it taken.
 * Answers the kinds another member holds.
 */
export async function claim(db: Database, memberId: string, claims: Claim[]): Promise<ClaimKind[]> {
  if (claims.length === 0) return [];
  const ordered = [...claims].sort((a, b) => a.kind.localeCompare(b.kind));
  try {
    await db.transaction(async (tx) => {
      const lost: ClaimKind[] = [];
      for (const { kind, value } of ordered) {
        await tx.delete(memberClaims).where(and(eq(memberClaims.memberId, memberId), eq(memberClaims.kind, kind), ne(memberClaims.value, value)));
        await tx.insert(memberClaims).values({ kind, value, memberId }).onConflictDoNothing();
        const [owner] = await tx.select({ memberId: memberClaims.memberId }).from(memberClaims).where(and(eq(memberClaims.kind, kind), eq(memberClaims.value, value)));
        if (owner?.memberId !== memberId) lost.push(kind);
      }
      if (lost.length > 0) throw new ClaimLost(lost);
    });
    return [];
  } catch (error) {
    if (error instanceof ClaimLost) return error.kinds;
    throw error;
  }
}
