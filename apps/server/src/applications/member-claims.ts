// What one applicant alone may hold: a username, an e-mail address, an ID number. Each is a row of
// member_claims whose primary key is (kind, normalised value): two applicants saving the same value
// at once end with one owner, the database deciding, never a read-then-write. A member holds one
// value per kind; taking a new one gives the old one up.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database.ts';
import { batchedPerDatabase, namedStatement } from '../db/prepared.ts';
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
 * One call of kh_claim (drizzle/0028_claim_function.sql) a member, kinds in a fixed order so two
 * racers queue on the same key instead of deadlocking; the unique key makes the second of two racers
 * for a value wait for the first and then find it taken. Answers the kinds another member holds.
 * The claims of saves that arrive together are one statement; should it fail, each is made alone, so
 * that one member's failure (or a deadlock between two such statements) is only theirs.
 */
export function claim(db: Database, memberId: string, claims: Claim[]): Promise<ClaimKind[]> {
  if (claims.length === 0) return Promise.resolve([]);
  return claimTogether(db, { memberId, claims: [...claims].sort((a, b) => a.kind.localeCompare(b.kind)) });
}

type MemberClaims = { memberId: string; claims: Claim[] };

const claimTogether = batchedPerDatabase<MemberClaims, ClaimKind[]>(async (db, wanted) => {
  try {
    return await claimStatement(db, wanted);
  } catch (error) {
    if (wanted.length === 1) return [error instanceof Error ? error : new Error(String(error))];
    const alone: (ClaimKind[] | Error)[] = [];
    for (const one of wanted) alone.push(await claimStatement(db, [one]).then(([lost]) => lost!, (e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
    return alone;
  }
});

const claimsStatement = namedStatement(
  'kh_claims',
  sql`select r.position, kh_claim(r.member_id, array(select jsonb_array_elements_text(r.kinds)), array(select jsonb_array_elements_text(r.claimed))) as lost
      from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r(position integer, member_id text, kinds jsonb, claimed jsonb) order by r.position`,
);

async function claimStatement(db: Database, wanted: readonly MemberClaims[]): Promise<ClaimKind[][]> {
  const rows = wanted.map(({ memberId, claims }, position) => ({ position, member_id: memberId, kinds: claims.map((c) => c.kind), claimed: claims.map((c) => c.value) }));
  const lost = rowsOf<{ position: number; lost: ClaimKind[] }>(await claimsStatement(db, { rows: JSON.stringify(rows) }));
  const byPosition = new Map(lost.map((row) => [Number(row.position), row.lost]));
  return wanted.map((_, position) => {
    const kinds = byPosition.get(position);
    if (!kinds) throw new Error(`kh_claim answered no row for claim ${position}`);
    return kinds;
  });
}
