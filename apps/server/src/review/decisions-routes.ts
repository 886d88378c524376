// Decisions: approve market by market, reject with items of the RejectReason dictionary, set the MY
// client code active. A margin account, a politically exposed person or an identity that differs
// from what was typed needs two approvals: the maker's, then a different supervisor's (the checker).
// A decision is made on the case as the reviewer saw it; a case changed underneath is refused.
import { randomInt } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MARKET, hasMarket, isContainRejectIdKind, parseRejectedReason } from '@kh/flow';
import { applications, ekycChecks, members, supplements } from '../db/schema.ts';
import { AppError, CODES, badRequest, ok } from '../http/envelope.ts';
import { STATUS, SUPERSEDED, initApplication, type Application } from '../applications/index.ts';
import { identityComparison, secondApprovalReasons } from '../applications/index.ts';
import { loadCase, refuseIfSomeoneElses } from './cases.ts';
import { auditCase } from '../audit/index.ts';
import { notifyDecision } from '../messages/index.ts';
import { requirePermission, staffMemberOf, staffOf } from '../staff/index.ts';
import { linkedByStaffChange, proposeChange } from '../staff/index.ts';
import { dictionaries } from '../steps/index.ts';
import { screeningDeciders, screeningHold } from '../screening/index.ts';

const REJECT_ITEMS = new Set(dictionaries.RejectReason.map((e) => String(e.value)));
const expectedStatus = { type: 'integer', minimum: 0, maximum: 5 } as const;

export const staffDecisionsPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;

  /** The case as the reviewer saw it, under review, and not someone else's. */
  async function decidable(request: FastifyRequest): Promise<Application> {
    const before = await loadCase(db, (request.params as { id: string }).id);
    const { expectedStatus } = request.body as { expectedStatus?: number };
    if (expectedStatus !== undefined && before.status !== expectedStatus) throw new AppError(409, CODES.badState, 'server.caseChanged');
    await refuseIfSomeoneElses(db, before, staffOf(request));
    if (before.status !== STATUS.review && before.status !== STATUS.pass) throw new AppError(409, CODES.badState, 'server.notUnderReview');
    return before;
  }

  /** The update's guard: the status and first approval the decision was made on, and no one else's claim in between. */
  const unchangedAndMine = (before: Application, staffId: string) =>
    and(
      eq(applications.id, before.id),
      eq(applications.status, before.status),
      before.firstApprovedBy ? eq(applications.firstApprovedBy, before.firstApprovedBy) : isNull(applications.firstApprovedBy),
      or(isNull(applications.assignedTo), eq(applications.assignedTo, staffId)),
    );

  app.post(
    '/applications/:id/approve',
    { config: { staffAccess: 'cases.work' }, schema: { body: { type: 'object', required: ['markets'], properties: { markets: { type: 'integer', minimum: 1, maximum: 19 }, expectedStatus } } } },
    async (request) => {
      const before = await decidable(request);
      const me = staffMemberOf(request);
      const markets = (request.body as { markets: number }).markets & before.market;
      if (markets === 0) throw badRequest('server.marketsNotAsked');
      // A screening hit holds the case until a supervisor decides it; a confirmed match (of this person,
      // on any application) is never approved but by a two-person override. Whoever decided a hit of
      // this case does not approve it: the decision and the approval are two people's.
      // (The refusal is audited as every staff refusal is, with its reason.)
      const hold = await screeningHold(db, before);
      if (hold) throw new AppError(409, CODES.badState, hold === 'confirmed' ? 'server.screeningConfirmed' : 'server.screeningHold');
      if ((await screeningDeciders(db, before.id)).has(me.id)) throw new AppError(409, CODES.badState, 'server.screeningDeciderApproves');
      // The identity is compared again now: a provider's later reading counts as much as the one at submit.
      const reasons = secondApprovalReasons(app.kh.riskRules, { ...before, identityMismatch: before.identityMismatch || (await identityComparison(db, before)).mismatch });

      if (reasons.length > 0 && !before.firstApprovedBy) {
        // The maker's approval: nothing opens yet. The case is released for a supervisor to check.
        const [after] = await db
          .update(applications)
          .set({ firstApprovedBy: me.id, firstApprovedMarkets: markets, firstApprovedAt: new Date(), assignedTo: null, assignedAt: null, updatedAt: new Date() })
          .where(unchangedAndMine(before, me.id))
          .returning();
        if (!after) throw new AppError(409, CODES.badState, 'server.caseChanged');
        await auditCase(request, 'approveFirst', before, after, { markets, reasons });
        return ok({ ...after, awaitingSecondApproval: true });
      }
      if (before.firstApprovedBy) {
        // The checker: a supervisor, not the maker nor anyone a staff change links to the maker,
        // approving what the maker approved.
        requirePermission(request, 'cases.check');
        if (before.firstApprovedBy === me.id) throw new AppError(409, CODES.badState, 'server.makerCannotCheck');
        if (await linkedByStaffChange(db, me.id, before.firstApprovedBy)) throw new AppError(409, CODES.badState, 'server.checkerLinkedToMaker');
        if (markets !== before.firstApprovedMarkets) throw new AppError(409, CODES.badState, 'server.secondApprovalDiffers');
      }

      const opened = before.opened | markets;
      const done = (opened & before.market) === before.market;
      const [after] = await db
        .update(applications)
        .set({
          opened,
          status: done ? STATUS.success : STATUS.pass,
          masClientCodeActive: before.masClientCodeActive || hasMarket(markets, MARKET.MAS),
          assignedTo: me.id,
          firstApprovedBy: null,
          firstApprovedMarkets: null,
          firstApprovedAt: null,
          updatedAt: new Date(),
        })
        .where(unchangedAndMine(before, me.id))
        .returning();
      if (!after) throw new AppError(409, CODES.badState, 'server.caseChanged');
      // The client number is the member's, given at their first approval and never again.
      await db.update(members).set({ hsNo: `C${String(randomInt(1_000_000, 9_999_999))}` }).where(and(eq(members.id, before.memberId), isNull(members.hsNo)));
      if (before.relatedType === 'SUPPLEMENT') {
        // The markets open on the account itself; the supplement records succeed.
        const init = await initApplication(db, before.memberId);
        if (init) await db.update(applications).set({ opened: init.opened | markets, masClientCodeActive: init.masClientCodeActive || hasMarket(markets, MARKET.MAS) }).where(eq(applications.id, init.id));
        for (const bit of [MARKET.HK, MARKET.US, MARKET.MAS]) if (hasMarket(markets, bit)) await db.update(supplements).set({ status: STATUS.success }).where(and(eq(supplements.applicationId, before.id), eq(supplements.market, bit)));
      }
      await auditCase(request, before.firstApprovedBy ? 'approveSecond' : 'approve', before, after, { markets, ...(before.firstApprovedBy ? { maker: before.firstApprovedBy } : {}) });
      app.kh.metrics.decisions.inc({ decision: 'approved' });
      await notifyDecision(app.kh.queue, { event: 'approved', applicationId: before.id, markets });
      return ok({ ...after, awaitingSecondApproval: false });
    },
  );

  /**
   * The case goes back to the applicant with the items named (RejectReason values) and a message:
   * to fix and resubmit (a rejection), to provide more information (not a rejection in the
   * applicant's words: the same list, the same edits allowed, told as a request), or finally (nothing
   * more can change). The reviewer keeps the case, so a resubmission returns to them.
   */
  async function sendBack(request: FastifyRequest, kind: 'resubmit' | 'moreInformation' | 'final') {
    const before = await decidable(request);
    // A case waiting for its second approval is the checker's to decide, sent back as well as
    // approved: neither a reviewer nor the maker wipes the first approval by sending it back.
    if (before.firstApprovedBy) {
      requirePermission(request, 'cases.check');
      if (before.firstApprovedBy === staffOf(request)) throw new AppError(409, CODES.badState, 'server.makerCannotCheck');
    }
    // A confirmed match is refused finally, never sent back to be corrected: a resubmission cannot
    // make the person someone else (and asking them to correct something would tip them off).
    if (kind !== 'final' && (await screeningHold(db, before)) === 'confirmed') throw new AppError(409, CODES.badState, 'server.screeningConfirmedRefuseFinally');
    const body = request.body as { items: string[]; note?: string; comments?: Record<string, string> };
    const items = [...new Set(body.items)];
    const unknown = items.filter((item) => !REJECT_ITEMS.has(item));
    if (unknown.length > 0) throw badRequest('server.unknownRejectItems', { items: unknown.join(', ') });
    const note = body.note?.trim() || null;
    if (kind === 'moreInformation' && !note) throw badRequest('server.informationMessageRequired');
    // A comment goes with an item named, or nowhere: one on another item would reach the applicant unexplained.
    const comments = Object.fromEntries(Object.entries(body.comments ?? {}).map(([item, text]) => [item, text.trim()]).filter(([, text]) => text));
    const stray = Object.keys(comments).filter((item) => !items.includes(item));
    if (stray.length > 0) throw badRequest('server.commentOnUnnamedItem', { items: stray.join(', ') });
    // Sent back, a case loses any first approval: the resubmitted case is approved afresh.
    const [after] = await db
      .update(applications)
      .set({ status: STATUS.fail, rejectedReason: items.join(','), rejectionNote: note, rejectionKind: kind, rejectionComments: Object.keys(comments).length > 0 ? comments : null, assignedTo: staffOf(request), firstApprovedBy: null, firstApprovedMarkets: null, firstApprovedAt: null, updatedAt: new Date() })
      .where(unchangedAndMine(before, staffOf(request)))
      .returning();
    if (!after) throw new AppError(409, CODES.badState, 'server.caseChanged');
    // A rejected identity document is checked again: the old check verifies nothing from now on,
    // so the applicant cannot type another identity in its place.
    if (isContainRejectIdKind(parseRejectedReason(after.rejectedReason)))
      await db.update(ekycChecks).set({ state: SUPERSEDED }).where(and(eq(ekycChecks.memberId, before.memberId), eq(ekycChecks.state, 'success')));
    await auditCase(request, kind === 'moreInformation' ? 'informationRequested' : 'reject', before, after, { items, ...(note ? { note } : {}), ...(Object.keys(comments).length > 0 ? { comments } : {}), ...(kind === 'final' ? { final: true } : {}) });
    app.kh.metrics.decisions.inc({ decision: kind === 'moreInformation' ? 'informationRequested' : kind === 'final' ? 'rejectedFinal' : 'rejected' });
    await notifyDecision(app.kh.queue, { event: 'rejected', applicationId: before.id });
    return ok(after);
  }
  const itemsBody = (required: string[]) =>
    ({
      type: 'object',
      required,
      properties: {
        items: { type: 'array', minItems: 1, maxItems: 20, items: { type: 'string', maxLength: 64 } },
        note: { type: 'string', maxLength: 2000 },
        comments: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 500 } },
        final: { type: 'boolean' },
        expectedStatus,
      },
    }) as const;

  // A rejection: `final` ends the application (the applicant may not resubmit), otherwise they fix the items named.
  app.post('/applications/:id/reject', { config: { staffAccess: 'cases.work' }, schema: { body: itemsBody(['items']) } }, (request) =>
    sendBack(request, (request.body as { final?: boolean }).final ? 'final' : 'resubmit'),
  );

  // A request for more information: the items named with a message (required), told to the applicant as a request, not a rejection.
  app.post('/applications/:id/request-information', { config: { staffAccess: 'cases.work' }, schema: { body: itemsBody(['items', 'note']) } }, (request) => sendBack(request, 'moreInformation'));

  // Switching a member's MY client code takes two people: a case worker asks, a supervisor confirms
  // (staff/changes-routes.ts). The change is made only then.
  app.post(
    '/members/:memberId/my-client-code',
    { config: { staffAccess: 'cases.work' }, schema: { params: { type: 'object', required: ['memberId'], properties: { memberId: { type: 'string', maxLength: 64 } } }, body: { type: 'object', required: ['active'], properties: { active: { type: 'boolean' } } } } },
    async (request) => {
      const { memberId } = request.params as { memberId: string };
      const before = await initApplication(db, memberId);
      if (!before || !hasMarket(before.opened, MARKET.MAS)) throw new AppError(409, CODES.badState, 'server.noMyAccount');
      const active = (request.body as { active: boolean }).active;
      if (active === before.masClientCodeActive) throw new AppError(409, CODES.badState, 'server.myClientCodeAlready');
      const changeId = await proposeChange(request, { kind: 'myClientCode', targetMemberId: memberId, change: { active, from: before.masClientCodeActive } });
      return ok({ changeId, state: 'pending' });
    },
  );
};
