// The audit trail: one entry per staff action, read of personal data and refusal, with who, from
// which address and device, and when. The database chains every entry to the one before by a
// SHA-256 hash and refuses to change or remove one (drizzle/0015), except the oldest past their
// retention behind an anchor (drizzle/0017, applications/retention.ts); `verifyAuditChain` recomputes the
// chain from the anchor and names the first entry that no longer fits it.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { applications, auditLog } from '../db/schema.ts';
type Application = typeof applications.$inferSelect;

export interface AuditEntry {
  action: string;
  /** Who acted; null for what no signed-in person did (a sign-in with an unknown e-mail). */
  staffId: string | null;
  applicationId?: string | null;
  memberId?: string | null;
  statusBefore?: number | null;
  statusAfter?: number | null;
  detail?: Record<string, unknown>;
}

/** Where a request came from: the client's address (a trusted proxy's forwarded one) and its user agent, bounded. */
export const originOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: (request.headers['user-agent'] ?? '').slice(0, 300) || null });

export async function audit(db: Database, entry: AuditEntry, origin: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null }): Promise<void> {
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    applicationId: entry.applicationId ?? null,
    memberId: entry.memberId ?? null,
    statusBefore: entry.statusBefore ?? null,
    statusAfter: entry.statusAfter ?? null,
    detail: entry.detail ?? {},
    ip: origin.ip,
    userAgent: origin.userAgent,
  });
}

/** An entry of the request's signed-in staff member (or of no one, before a sign-in). */
export const auditRequest = (request: FastifyRequest, entry: Omit<AuditEntry, 'staffId'> & { staffId?: string | null }) =>
  audit(request.server.kh.db, { staffId: entry.staffId !== undefined ? entry.staffId : (request.staff?.id ?? null), ...entry }, originOf(request));

/** An action on a case: its status before and after. */
export const auditCase = (request: FastifyRequest, action: string, before: Application | undefined, after: Application | undefined, detail: Record<string, unknown> = {}) =>
  auditRequest(request, {
    action,
    applicationId: (after ?? before)?.id ?? null,
    memberId: (after ?? before)?.memberId ?? null,
    statusBefore: before?.status ?? null,
    statusAfter: after?.status ?? null,
    detail,
  });

export interface ChainVerdict {
  entries: number;
  /** The last entry's place and hash: record it elsewhere, and a later verify shows nothing after it was cut. */
  head: { chainSeq: number; hash: string } | null;
  /** The first entry that does not fit the chain, and why. */
  broken?: { id: number; chainSeq: number | null; reason: 'hash' | 'link' | 'gap' | 'unchained' };
}

/**
 * Recomputes every entry's hash with the database's own function and checks each links to the one
 * before, in chain order. A changed column breaks its entry's hash; a removed entry breaks the next
 * one's link (or leaves a gap in the sequence); an entry slipped in without the trigger has no place.
 */
export async function verifyAuditChain(db: Database): Promise<ChainVerdict> {
  // Entries purged at the end of their retention leave an anchor: the chain starts after it.
  const result = await db.execute(sql`
    with anchor as (select coalesce(max(chain_seq), 0) as seq, (select hash from audit_anchors order by chain_seq desc limit 1) as hash from audit_anchors)
    select id, chain_seq as "chainSeq", a.hash,
      a.hash is not distinct from kh_audit_entry_hash(prev_hash, a) as "hashOk",
      prev_hash is not distinct from lag(a.hash, 1, anchor.hash) over (order by chain_seq) as "linkOk",
      chain_seq = anchor.seq + row_number() over (order by chain_seq) as "seqOk"
    from audit_log a, anchor
    order by chain_seq nulls first`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as { id: number; chainSeq: string | number | null; hash: string | null; hashOk: boolean; linkOk: boolean; seqOk: boolean }[];
  const last = rows.at(-1);
  const verdict: ChainVerdict = { entries: rows.length, head: last?.chainSeq != null && last.hash ? { chainSeq: Number(last.chainSeq), hash: last.hash } : null };
  for (const row of rows) {
    const reason = row.chainSeq === null ? 'unchained' : !row.hashOk ? 'hash' : !row.linkOk ? 'link' : !row.seqOk ? 'gap' : undefined;
    if (reason) return { ...verdict, broken: { id: row.id, chainSeq: row.chainSeq === null ? null : Number(row.chainSeq), reason } };
  }
  return verdict;
}
