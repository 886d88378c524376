// How long an applicant's records are kept, and their removal after. The rules (README "Retention"):
// - an opened account's records are kept `years` after the broker closes it (closeAccount), never before;
// - a submitted application that opened nothing (refused, withdrawn) is kept `years` after the last activity;
// - an application never submitted is kept `draftDays` after the last activity;
// - a case in review, or a member under an open legal hold, is never removed.
// Removal takes the member's rows and stored files (with their previews) together; the audit log keeps
// its entries (ids, no personal data) until they too are `years` old, when the oldest leave the chain
// behind an anchor the database checks (drizzle/0017).
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { RetentionSettings } from '../config.ts';
import { rowsOf, type Database } from '../db/database.ts';
import {
  applicationSteps,
  applications,
  caseNotes,
  ekycChecks,
  errorReports,
  files,
  handoffTokens,
  legalHolds,
  memberClaims,
  members,
  payments,
  sessions,
  smsCodes,
  smsOutbox,
  submissions,
  supplements,
  analyticsEvents,
  auditAnchors,
  auditLog,
} from '../db/schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { audit } from '../audit/index.ts';

/** Why a member's records may go: the account closed, an application that opened nothing, a draft. */
export type RetentionRule = 'closed' | 'unopened' | 'draft';

export interface DueMember {
  memberId: string;
  rule: RetentionRule;
  lastActivity: Date;
  dueAt: Date;
  /** Under an open legal hold: listed, never removed. */
  held: boolean;
}


/** The members whose records are due for removal at `now`, oldest due first (held ones included, marked). */
export async function dueMembers(db: Database, settings: RetentionSettings, now: Date, limit = 1000, memberId?: string): Promise<DueMember[]> {
  const rows = rowsOf<{ memberId: string; rule: RetentionRule; lastActivity: string | Date; dueAt: string | Date; held: boolean }>(
    await db.execute(sql`
      with facts as (
        select m.id,
          m.closed_at,
          greatest(m.created_at, m.closed_at,
            (select max(a.updated_at) from applications a where a.member_id = m.id),
            -- A step save dates its step, not its application (applications/step-saves.ts).
            (select max(s.updated_at) from application_steps s join applications a on a.id = s.application_id where a.member_id = m.id),
            (select max(s.last_seen_at) from sessions s where s.member_id = m.id)) as last_activity,
          exists (select 1 from applications a where a.member_id = m.id and a.opened > 0) as opened,
          exists (select 1 from applications a where a.member_id = m.id and a.status in (2, 3)) as in_review,
          exists (select 1 from applications a where a.member_id = m.id and a.submitted_at is not null) as submitted,
          exists (select 1 from legal_holds h where h.member_id = m.id and h.released_at is null) as held
        from members m
        ${memberId ? sql`where m.id = ${memberId}` : sql``}
      ), due as (
        select id, last_activity, held,
          case when opened then 'closed' when submitted then 'unopened' else 'draft' end as rule,
          case
            when in_review then null
            when opened then closed_at + make_interval(years => ${settings.years})
            when submitted then last_activity + make_interval(years => ${settings.years})
            else last_activity + make_interval(days => ${settings.draftDays})
          end as due_at
        from facts
      )
      select id as "memberId", rule, last_activity as "lastActivity", due_at as "dueAt", held
      from due where due_at <= ${now.toISOString()}::timestamptz
      order by due_at limit ${limit}`),
  );
  return rows.map((row) => ({ ...row, lastActivity: new Date(row.lastActivity), dueAt: new Date(row.dueAt) }));
}

export interface RetentionReport {
  due: DueMember[];
  /** Audit entries older than the retention period, which a purge removes behind an anchor. */
  auditEntriesDue: number;
}

export async function retentionReport(db: Database, settings: RetentionSettings, now: Date): Promise<RetentionReport> {
  const due = await dueMembers(db, settings, now);
  const [row] = rowsOf<{ count: string | number }>(await db.execute(sql`select count(*) as count from audit_log where created_at < now() - make_interval(years => ${settings.years})`));
  return { due, auditEntriesDue: Number(row?.count ?? 0) };
}

/**
 * Removes one member's records if they are still due at `now` and not held (both checked again under
 * the member's row lock, so a hold placed meanwhile wins). Stored files go first: a failure after
 * leaves rows naming removed files, which the next run finishes, never files no row names.
 */
export async function purgeMember(db: Database, storage: FileStorage, settings: RetentionSettings, memberId: string, now: Date): Promise<{ purged: boolean; files: number }> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
    if (!member) return { purged: false, files: 0 };
    const [due] = await dueMembers(tx as unknown as Database, settings, now, 1, memberId);
    if (!due || due.held) return { purged: false, files: 0 };

    const applicationIds = (await tx.select({ id: applications.id }).from(applications).where(eq(applications.memberId, memberId))).map((a) => a.id);
    const stored = await tx.select({ relativePath: files.relativePath }).from(files).where(eq(files.memberId, memberId));
    for (const { relativePath } of stored) {
      await storage.remove(relativePath);
      await storage.remove(`previews/${relativePath}.jpg`);
    }
    const ofApplications = <T>(column: T) => (applicationIds.length ? inArray(column as never, applicationIds) : sql`false`);
    await tx.delete(handoffTokens).where(eq(handoffTokens.memberId, memberId));
    await tx.delete(payments).where(eq(payments.memberId, memberId));
    await tx.delete(ekycChecks).where(eq(ekycChecks.memberId, memberId));
    await tx.delete(files).where(eq(files.memberId, memberId));
    await tx.delete(supplements).where(eq(supplements.memberId, memberId));
    await tx.delete(applicationSteps).where(ofApplications(applicationSteps.applicationId));
    await tx.delete(caseNotes).where(ofApplications(caseNotes.applicationId));
    await tx.delete(submissions).where(ofApplications(submissions.applicationId));
    await tx.delete(errorReports).where(or(ofApplications(errorReports.applyId), member.hsNo ? eq(errorReports.hsNo, member.hsNo) : sql`false`));
    await tx.delete(applications).where(eq(applications.memberId, memberId));
    await tx.delete(analyticsEvents).where(eq(analyticsEvents.memberId, memberId));
    await tx.delete(sessions).where(eq(sessions.memberId, memberId));
    await tx.delete(memberClaims).where(eq(memberClaims.memberId, memberId));
    await tx.delete(smsCodes).where(and(eq(smsCodes.mobile, member.mobile), eq(smsCodes.countryCode, member.countryCode)));
    await tx.delete(smsOutbox).where(and(eq(smsOutbox.mobile, member.mobile), eq(smsOutbox.countryCode, member.countryCode)));
    await tx.delete(legalHolds).where(eq(legalHolds.memberId, memberId));
    await tx.delete(members).where(eq(members.id, memberId));
    await audit(tx as unknown as Database, { staffId: null, action: 'retentionPurged', memberId, detail: { rule: due.rule, dueAt: due.dueAt.toISOString(), files: stored.length } }, { ip: null, userAgent: 'retention' });
    return { purged: true, files: stored.length };
  });
}

/**
 * Removes the audit entries older than the retention period, oldest first, behind an anchor naming
 * the last one removed (the database refuses one younger than six years, by its own clock). The
 * chain then starts after the anchor, and verifies as before.
 */
export async function purgeAuditEntries(db: Database, settings: RetentionSettings): Promise<number> {
  return db.transaction(async (tx) => {
    const [last] = rowsOf<{ chainSeq: string | number; hash: string }>(
      await tx.execute(sql`select chain_seq as "chainSeq", hash from audit_log where chain_seq is not null and created_at < now() - make_interval(years => ${settings.years}) order by chain_seq desc limit 1`),
    );
    if (!last) return 0;
    const through = Number(last.chainSeq);
    const [counted] = rowsOf<{ count: string | number }>(await tx.execute(sql`select count(*) as count from audit_log where chain_seq <= ${through}`));
    const entries = Number(counted.count);
    await tx.insert(auditAnchors).values({ chainSeq: through, hash: last.hash, entriesPurged: entries });
    await tx.delete(auditLog).where(sql`${auditLog.chainSeq} <= ${through}`);
    await audit(tx as unknown as Database, { staffId: null, action: 'retentionAuditPurged', detail: { through, entries } }, { ip: null, userAgent: 'retention' });
    return entries;
  });
}

export interface PurgeOutcome {
  members: number;
  files: number;
  held: number;
  auditEntries: number;
}

/** One run of the job: every due member not held (up to `limit`), then the audit log's oldest entries. */
export async function purgeDue(db: Database, storage: FileStorage, settings: RetentionSettings, now: Date, limit = 1000): Promise<PurgeOutcome> {
  const outcome: PurgeOutcome = { members: 0, files: 0, held: 0, auditEntries: 0 };
  for (const due of await dueMembers(db, settings, now, limit)) {
    if (due.held) {
      outcome.held += 1;
      continue;
    }
    const done = await purgeMember(db, storage, settings, due.memberId, now);
    if (done.purged) {
      outcome.members += 1;
      outcome.files += done.files;
    }
  }
  outcome.auditEntries = await purgeAuditEntries(db, settings);
  return outcome;
}

/** Places a legal hold on a member's records; answers its id. */
export async function placeHold(db: Database, memberId: string, reason: string, by: string): Promise<number> {
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!member) throw new Error(`No member ${memberId}`);
  const [hold] = await db.insert(legalHolds).values({ memberId, reason }).returning({ id: legalHolds.id });
  await audit(db, { staffId: null, action: 'legalHoldPlaced', memberId, detail: { holdId: hold.id, reason, by } }, { ip: null, userAgent: 'retention' });
  return hold.id;
}

/** Releases a member's open holds; answers how many. */
export async function releaseHolds(db: Database, memberId: string, by: string): Promise<number> {
  const released = await db.update(legalHolds).set({ releasedAt: new Date() }).where(and(eq(legalHolds.memberId, memberId), isNull(legalHolds.releasedAt))).returning({ id: legalHolds.id });
  if (released.length) await audit(db, { staffId: null, action: 'legalHoldReleased', memberId, detail: { holds: released.map((h) => h.id), by } }, { ip: null, userAgent: 'retention' });
  return released.length;
}

/** Records that the broker closed a member's account (the retention period of its records starts). */
export async function closeAccount(db: Database, memberId: string, at: Date, by: string): Promise<void> {
  const [member] = await db.update(members).set({ closedAt: at }).where(eq(members.id, memberId)).returning({ id: members.id });
  if (!member) throw new Error(`No member ${memberId}`);
  await audit(db, { staffId: null, action: 'accountClosed', memberId, detail: { closedAt: at.toISOString(), by } }, { ip: null, userAgent: 'retention' });
}
