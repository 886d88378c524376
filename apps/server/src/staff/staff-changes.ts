// Changes that take two people: one proposes, another confirms, and only then is the change made.
// Staff accounts (a new account, a role, a password or second factor reset, an account enabled again)
// are an admin's to propose and another admin's to confirm; a member's MY client code is a case
// worker's to propose and a supervisor's to confirm. Nobody confirms their own proposal or a change
// about themselves, and a colleague linked to a maker by such a change in the last 30 days may not
// check that maker's case (`linkedByStaffChange`).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MARKET, hasMarket } from '@kh/flow';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.ts';
import { applications, members, staff, staffChanges, staffSessions } from '../db/schema.ts';
import { AppError, CODES } from '../http/envelope.ts';
import { auditCase, auditRequest } from '../audit/index.ts';
import { initApplication } from '../applications/index.ts';
import { liftConfirmations } from '../screening/index.ts';
import { hasPermission, type Permission, type StaffRole } from './staff-access.ts';
import { staffMemberOf } from './staff-auth.ts';
import { NO_PASSWORD, activationMail, issueActivation, type IssuedActivation } from './activations.ts';

export const CHANGE_KINDS = ['createStaff', 'role', 'resetPassword', 'resetTotp', 'enable', 'myClientCode', 'screeningOverride'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
const STAFF_KINDS: ChangeKind[] = ['createStaff', 'role', 'resetPassword', 'resetTotp', 'enable'];

/** Who may confirm each kind. */
export const CONFIRMED_BY: Record<ChangeKind, Permission> = {
  createStaff: 'staff.manage',
  role: 'staff.manage',
  resetPassword: 'staff.manage',
  resetTotp: 'staff.manage',
  enable: 'staff.manage',
  myClientCode: 'cases.check',
  screeningOverride: 'screening.decide',
};

/** A proposal nobody confirmed in this time lapses. */
export const PROPOSAL_DAYS = 7;
/** A maker and a checker linked by a staff change (either way) within this time are not two people. */
export const CHECKER_LINK_DAYS = 30;

export type Change =
  | { email: string; name: string; role: StaffRole }
  | { from: StaffRole; to: StaffRole }
  | { active: boolean; from: boolean }
  | { applicationId: string; decisionIds: string[]; entries: string[]; reason: string }
  | Record<string, never>;

type Row = typeof staffChanges.$inferSelect;

const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** What a change says in the audit and the console: never a password hash. */
export const visibleChange = (change: unknown) => Object.fromEntries(Object.entries(change as Record<string, unknown>).filter(([key]) => key !== 'passwordHash'));

export async function proposeChange(request: FastifyRequest, input: { kind: ChangeKind; targetStaffId?: string; targetMemberId?: string; change: Change }): Promise<string> {
  const { db } = request.server.kh;
  const me = staffMemberOf(request);
  const id = randomUUID();
  try {
    await db.insert(staffChanges).values({
      id,
      kind: input.kind,
      targetStaffId: input.targetStaffId ?? null,
      targetMemberId: input.targetMemberId ?? null,
      change: input.change,
      proposedBy: me.id,
      expiresAt: new Date(Date.now() + PROPOSAL_DAYS * 86_400_000),
    });
  } catch (error) {
    // One proposal of a kind waits per target at a time: decline it first to propose another.
    if (isUniqueViolation(error)) throw new AppError(409, CODES.badState, 'server.changeAlreadyPending');
    throw error;
  }
  await auditRequest(request, { action: 'changeProposed', memberId: input.targetMemberId ?? null, detail: { changeId: id, kind: input.kind, targetStaffId: input.targetStaffId ?? null, ...visibleChange(input.change) } });
  return id;
}

async function pendingChange(db: Database, id: string): Promise<Row> {
  const [row] = await db.select().from(staffChanges).where(eq(staffChanges.id, id));
  if (!row) throw new AppError(404, '404', 'server.changeUnknown');
  if (row.state === 'pending' && row.expiresAt <= new Date()) {
    await db.update(staffChanges).set({ state: 'expired' }).where(and(eq(staffChanges.id, id), eq(staffChanges.state, 'pending')));
    throw new AppError(409, CODES.badState, 'server.changeExpired');
  }
  if (row.state !== 'pending') throw new AppError(409, CODES.badState, 'server.changeDecided');
  return row;
}

/**
 * The second person's answer. The change is made in the same transaction that records the answer: two
 * answers at once make one. A change only the account's owner may complete (a new account, a reset)
 * sends its link to the owner's own address, after the answer is stored: `mailed` says whether it went.
 */
export async function decideChange(request: FastifyRequest, id: string, answer: 'approve' | 'decline'): Promise<Row & { mailed?: boolean }> {
  const { db } = request.server.kh;
  const me = staffMemberOf(request);
  const row = await pendingChange(db, id);
  const kind = row.kind as ChangeKind;
  const proposer = row.proposedBy === me.id;
  // The proposer may withdraw their own proposal; everything else needs the right to confirm this kind.
  if (!(answer === 'decline' && proposer) && !hasPermission(me.role, CONFIRMED_BY[kind])) throw new AppError(403, CODES.staffForbidden, 'server.staffRoleRequired', { roles: CONFIRMED_BY[kind] === 'staff.manage' ? 'admin' : 'supervisor' });
  if (answer === 'approve') {
    if (proposer) throw new AppError(409, CODES.badState, 'server.changeOwnProposal');
    if (row.targetStaffId === me.id) throw new AppError(409, CODES.badState, 'server.changeAboutYou');
  }
  const decided = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(staffChanges)
      .set({ state: answer === 'approve' ? 'approved' : 'declined', decidedBy: me.id, decidedAt: new Date() })
      .where(and(eq(staffChanges.id, id), eq(staffChanges.state, 'pending')))
      .returning();
    if (!claimed) throw new AppError(409, CODES.badState, 'server.changeDecided');
    if (answer === 'decline') return { row: claimed, before: undefined, activation: undefined };
    const { before, activation } = await apply(tx as unknown as Database, claimed);
    return { row: claimed, before, activation };
  });
  const detail = { changeId: id, kind, proposedBy: row.proposedBy, targetStaffId: decided.row.targetStaffId, ...visibleChange(row.change), ...(decided.before ? { before: decided.before } : {}) };
  if (kind === 'myClientCode' && answer === 'approve') {
    const application = await initApplication(db, row.targetMemberId!);
    await auditCase(request, (row.change as { active: boolean }).active ? 'myClientCodeActive' : 'myClientCodeInactive', undefined, application, detail);
  } else if (kind === 'screeningOverride') {
    const [application] = await db.select().from(applications).where(eq(applications.id, (row.change as { applicationId: string }).applicationId));
    await auditCase(request, answer === 'approve' ? 'screeningOverridden' : 'changeDeclined', application, application, detail);
  } else await auditRequest(request, { action: answer === 'approve' ? 'changeApproved' : 'changeDeclined', memberId: row.targetMemberId, detail });
  if (!decided.activation) return decided.row;
  return { ...decided.row, mailed: await sendActivation(request, decided.activation) };
}

/** The owner's link, to the owner's own address; a mail that did not go is said to the admin and audited (a new reset sends another). */
async function sendActivation(request: FastifyRequest, activation: IssuedActivation): Promise<boolean> {
  const { mailer, config } = request.server.kh;
  try {
    await mailer.send(activationMail(activation, config.consoleOrigin ?? config.publicOrigin));
    await auditRequest(request, { action: 'activationSent', detail: { staffId: activation.staffId, purpose: activation.purpose, expiresAt: activation.expiresAt.toISOString() } });
    return true;
  } catch (error) {
    request.log.warn({ dependency: 'smtp', reason: (error as Error).message?.slice(0, 120) }, 'the activation e-mail could not be sent');
    await auditRequest(request, { action: 'activationMailFailed', detail: { staffId: activation.staffId, purpose: activation.purpose } });
    return false;
  }
}

/** Makes the change; answers what it replaced, and the link its owner completes it with. */
async function apply(db: Database, row: Row): Promise<{ before: Record<string, unknown>; activation?: IssuedActivation }> {
  const change = row.change as Record<string, unknown>;
  const endSessions = (staffId: string) => db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
  switch (row.kind as ChangeKind) {
    case 'createStaff': {
      const id = randomUUID();
      // No password yet: only the owner, from the link sent to them, chooses one.
      try {
        await db.insert(staff).values({ id, email: String(change.email), name: String(change.name), role: String(change.role), passwordHash: NO_PASSWORD });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, CODES.badState, 'server.staffEmailTaken');
        throw error;
      }
      await db.update(staffChanges).set({ targetStaffId: id }).where(eq(staffChanges.id, row.id));
      row.targetStaffId = id;
      return { before: {}, activation: await issueActivation(db, { staffId: id, purpose: 'activate', changeId: row.id }) };
    }
    case 'role': {
      const [before] = await db.select({ role: staff.role }).from(staff).where(eq(staff.id, row.targetStaffId!));
      await db.update(staff).set({ role: String(change.to) }).where(eq(staff.id, row.targetStaffId!));
      return { before: { role: before?.role } };
    }
    case 'resetPassword':
      // The old password stops working now; the owner chooses a new one from the link.
      await db.update(staff).set({ passwordHash: NO_PASSWORD, oneTimePasswordUntil: null }).where(eq(staff.id, row.targetStaffId!));
      await endSessions(row.targetStaffId!);
      return { before: {}, activation: await issueActivation(db, { staffId: row.targetStaffId!, purpose: 'password', changeId: row.id }) };
    case 'resetTotp':
      // Enrolled again only from the link, with the owner's password: a password alone no longer enrols.
      await db.update(staff).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, enrolByPassword: false }).where(eq(staff.id, row.targetStaffId!));
      await endSessions(row.targetStaffId!);
      return { before: {}, activation: await issueActivation(db, { staffId: row.targetStaffId!, purpose: 'authenticator', changeId: row.id }) };
    case 'enable':
      await db.update(staff).set({ disabledAt: null }).where(eq(staff.id, row.targetStaffId!));
      return { before: { disabled: true } };
    case 'screeningOverride': {
      // The confirmations it names, in force still: what another supervisor confirmed lifting.
      const lifted = await liftConfirmations(db, change.decisionIds as string[], row.id);
      if (lifted === 0) throw new AppError(409, CODES.badState, 'server.screeningNothingToOverride');
      return { before: { confirmations: lifted } };
    }
    case 'myClientCode': {
      const application = await initApplication(db, row.targetMemberId!);
      if (!application || !hasMarket(application.opened, MARKET.MAS)) throw new AppError(409, CODES.badState, 'server.noMyAccount');
      await db.update(applications).set({ masClientCodeActive: Boolean(change.active), updatedAt: new Date() }).where(eq(applications.id, application.id));
      return { before: { active: application.masClientCodeActive } };
    }
  }
}

/**
 * Whether two staff members are linked by a staff change: one proposed or confirmed the creation,
 * role, password or second factor of the other in the last 30 days (an admin who made an account may
 * not be that account's checker, nor the other way round), or, at any time, one admin proposed both
 * accounts (an admin who chose two colleagues' e-mail addresses may hold both: maker and checker are
 * then one person).
 */
export async function linkedByStaffChange(db: Database, a: string, b: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - CHECKER_LINK_DAYS * 86_400_000);
  const madeBy = (target: string, actor: string): SQL => and(eq(staffChanges.targetStaffId, target), or(eq(staffChanges.proposedBy, actor), eq(staffChanges.decidedBy, actor)))!;
  const [link] = await db
    .select({ id: staffChanges.id })
    .from(staffChanges)
    .where(and(eq(staffChanges.state, 'approved'), inArray(staffChanges.kind, STAFF_KINDS), gt(staffChanges.decidedAt, since), lte(staffChanges.decidedAt, now), or(madeBy(a, b), madeBy(b, a))))
    .limit(1);
  if (link) return true;
  const created = alias(staffChanges, 'created');
  const [siblings] = await db
    .select({ id: staffChanges.id })
    .from(staffChanges)
    .innerJoin(created, and(eq(created.kind, 'createStaff'), eq(created.state, 'approved'), eq(created.proposedBy, staffChanges.proposedBy), eq(created.targetStaffId, b)))
    .where(and(eq(staffChanges.kind, 'createStaff'), eq(staffChanges.state, 'approved'), eq(staffChanges.targetStaffId, a)))
    .limit(1);
  return Boolean(siblings);
}

/** The changes a staff member may see: those they may confirm, and their own proposals; pending first. */
export async function changesFor(db: Database, viewer: { id: string; role: StaffRole }, state?: string) {
  const kinds = CHANGE_KINDS.filter((kind) => hasPermission(viewer.role, CONFIRMED_BY[kind]));
  const proposer = alias(staff, 'proposer');
  const rows = await db
    .select({
      id: staffChanges.id,
      kind: staffChanges.kind,
      state: staffChanges.state,
      change: staffChanges.change,
      targetStaffId: staffChanges.targetStaffId,
      targetMemberId: staffChanges.targetMemberId,
      targetName: staff.name,
      targetEmail: staff.email,
      proposedBy: staffChanges.proposedBy,
      proposedByName: proposer.name,
      proposedAt: staffChanges.proposedAt,
      decidedBy: staffChanges.decidedBy,
      decidedAt: staffChanges.decidedAt,
      expiresAt: staffChanges.expiresAt,
      hsNo: members.hsNo,
    })
    .from(staffChanges)
    .leftJoin(staff, eq(staff.id, staffChanges.targetStaffId))
    .leftJoin(proposer, eq(proposer.id, staffChanges.proposedBy))
    .leftJoin(members, eq(members.id, staffChanges.targetMemberId))
    .where(and(or(kinds.length > 0 ? inArray(staffChanges.kind, kinds) : sql`false`, eq(staffChanges.proposedBy, viewer.id)), state ? eq(staffChanges.state, state) : undefined))
    .orderBy(sql`${staffChanges.state} = 'pending' desc`, desc(staffChanges.proposedAt))
    .limit(200);
  const now = new Date();
  return rows.map((row) => {
    const lapsed = row.state === 'pending' && row.expiresAt <= now;
    return {
      ...row,
      state: lapsed ? 'expired' : row.state,
      change: visibleChange(row.change),
      mayConfirm: !lapsed && row.state === 'pending' && row.proposedBy !== viewer.id && row.targetStaffId !== viewer.id && hasPermission(viewer.role, CONFIRMED_BY[row.kind as ChangeKind]),
    };
  });
}
