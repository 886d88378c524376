// The case queue and the case: everything the applicant sent, the checks, the payment, the history
// of submissions with what changed, notes between staff and the case's audit. Claiming and
// reassigning decide who works a case.
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { diffPayloads, type StepSchema } from '@kh/engine';
import { applications, auditLog, caseNotes, ekycChecks, members, payments, staff, submissions, supplements } from '../db/schema.ts';
import { AppError, CODES, badRequest, ok } from '../http/envelope.ts';
import { rowsOf } from '../db/database.ts';
import { answersOf, initApplication, requiredSteps } from '../applications/index.ts';
import { publishedVersion } from '../steps/index.ts';
import { bundledDocument, caseDocuments } from './case-documents.ts';
import { identityComparison, secondApprovalReasons } from '../applications/index.ts';
import { CASE_STATES, SORTS, caseQueue, type QueueQuery } from './case-queue.ts';
import { loadCase, refuseIfSomeoneElses, staffNamer } from './cases.ts';
import { auditCase, auditRequest } from '../audit/index.ts';
import { hasPermission, type StaffRole } from '../staff/index.ts';
import { requirePermission, staffMemberOf, staffOf } from '../staff/index.ts';
import { screeningsOf } from '../screening/index.ts';
import { screeningView } from './screening-view.ts';

const booleanQuery = { type: 'boolean' } as const;

/** Identity checks made between two moments, as changes: the document each read, and its outcome. */
function identityCheckChanges(checks: (typeof ekycChecks.$inferSelect)[], after: Date, until: Date) {
  const read = (check: typeof ekycChecks.$inferSelect) => `${check.documentName} · ${check.documentNumber} · ${check.state}`;
  const earlier = (check: typeof ekycChecks.$inferSelect) => checks.find((other) => other.createdAt <= after && other.state === 'success' && other.id !== check.id);
  return checks
    .filter((check) => check.createdAt > after && check.createdAt <= until)
    .map((check) => ({ step: 'identity', path: 'identityCheck', kind: 'identityCheck' as const, before: earlier(check) ? read(earlier(check)!) : null, after: read(check) }));
}

export const staffCasesPlugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app.kh;

  app.get(
    '/applications',
    {
      config: { staffAccess: 'cases.read' },
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            state: { type: 'string', enum: [...CASE_STATES] },
            status: { type: 'integer', minimum: 0, maximum: 5 },
            market: { type: 'string', enum: ['HK', 'US', 'MY'] },
            accountType: { type: 'integer', minimum: 0, maximum: 2 },
            islamic: booleanQuery,
            pep: booleanQuery,
            assignedToMe: booleanQuery,
            kind: { type: 'string', enum: ['new', 'addMarket'] },
            minAgeDays: { type: 'integer', minimum: 0, maximum: 365 },
            overdue: booleanQuery,
            risk: { type: 'string', maxLength: 40 },
            q: { type: 'string', maxLength: 100 },
            sort: { type: 'string', enum: [...SORTS] },
            order: { type: 'string', enum: ['asc', 'desc'] },
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            language: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const query = request.query as QueueQuery;
      const queue = await caseQueue(db, app.kh.calendar, query, staffOf(request));
      // A page of the queue shows names and, searched, whose NRIC, phone or e-mail was looked for.
      const { language: _language, ...filters } = query as QueueQuery & { language?: string };
      await auditRequest(request, { action: query.q ? 'queueSearched' : 'queueViewed', detail: { ...filters, shown: queue.items.length } });
      return ok(queue);
    },
  );

  app.get('/applications/:id', { config: { staffAccess: 'cases.read' } }, async (request) => {
    const application = await loadCase(db, (request.params as { id: string }).id);
    await auditCase(request, 'caseViewed', application, application);
    const [member] = await db.select().from(members).where(eq(members.id, application.memberId));
    const { payloads: steps, versions } = await answersOf(db, application.id);
    // An answer given under a published studio version is read through that version (its fields and texts).
    const stepVersions = Object.fromEntries(
      await Promise.all(
        Object.entries(versions)
          .filter(([, version]) => version > 0)
          .map(async ([stepId, version]) => {
            const { document, translations } = await publishedVersion(db, stepId, version);
            return [stepId, { version, document, translations }] as const;
          }),
      ),
    );
    const init = application.relatedType === 'SUPPLEMENT' ? await initApplication(db, application.memberId) : undefined;
    const { verifiedIdentity, comparison, mismatch, address } = await identityComparison(db, application, steps);
    const checks = await db.select().from(ekycChecks).where(eq(ekycChecks.applicationId, application.id)).orderBy(desc(ekycChecks.createdAt));
    const history = await db.select().from(submissions).where(eq(submissions.applicationId, application.id)).orderBy(asc(submissions.number));
    const nameOf = await staffNamer(db);
    return ok({
      application,
      member: { id: member.id, mobile: member.mobile, countryCode: member.countryCode, hsNo: member.hsNo },
      // An add-market case is read against the accounts the member holds already.
      existingMarkets: init?.opened ?? null,
      requiredSteps: requiredSteps(config, application),
      steps,
      stepVersions,
      verifiedIdentity: verifiedIdentity ?? null,
      identityComparison: comparison,
      // The registered address typed beside the one read from the ID (shown, not counted as a mismatch).
      addressComparison: address,
      identityMismatch: mismatch,
      // Each screening (at a submit, or again when a list changed), newest first: the lists and versions,
      // what matched and why, each hit's decision (made on it, or carried from an earlier one on the
      // same person and entry); every decision ever made on this person; and the runs that screened
      // everyone against a list version since this case was first submitted.
      ...(await screeningView(db, application, nameOf, staffMemberOf(request).id)),
      // The risk at the latest submit: each factor met with its points and its label from the rules.
      risk:
        application.riskBand === null
          ? null
          : {
              score: application.riskScore,
              band: application.riskBand,
              bandLabel: app.kh.riskRules.bands.find((band) => band.band === application.riskBand)?.label ?? null,
              factors: ((application.riskFactors ?? []) as { id: string; points: number }[]).map((factor) => ({ ...factor, label: app.kh.riskRules.factors.find((rule) => rule.id === factor.id)?.label ?? null })),
            },
      secondApprovalReasons: secondApprovalReasons(app.kh.riskRules, { ...application, identityMismatch: application.identityMismatch || mismatch }),
      assigneeName: nameOf(application.assignedTo),
      firstApproverName: nameOf(application.firstApprovedBy),
      documents: await caseDocuments(db, application, checks, { payloads: steps, documentOf: (stepId) => (stepVersions[stepId]?.document as StepSchema | undefined) ?? bundledDocument(stepId) }),
      // A check made after the case was first submitted is a change the reviewer must see: its document may not be the one reviewed.
      identityChecks: checks.map(({ pageTokenHash: _hash, responseUrl: _url, ...check }) => ({ ...check, madeAfterReview: history.length > 0 && check.createdAt > history[0]!.submittedAt })),
      payments: await db.select({ orderNumber: payments.orderNumber, paymentId: payments.paymentId, payStatus: payments.payStatus, amountSen: payments.amountSen, cardLast4: payments.cardLast4, createdAt: payments.createdAt, settledAt: payments.settledAt }).from(payments).where(eq(payments.applicationId, application.id)),
      supplements: await db.select().from(supplements).where(eq(supplements.applicationId, application.id)),
      // Each submission with the rejection it answered and what changed since the one before.
      history: history.map((entry, index) => ({
        number: entry.number,
        submittedAt: entry.submittedAt,
        answersRejection: entry.answersRejection,
        changes: index === 0 ? [] : [...diffPayloads(history[index - 1].payloads as never, entry.payloads as never), ...identityCheckChanges(checks, history[index - 1].submittedAt, entry.submittedAt)],
      })),
      // Changed since the last submission (a rejected case being fixed), a new identity check included.
      pendingChanges: history.length > 0 ? [...diffPayloads(history[history.length - 1].payloads as never, steps), ...identityCheckChanges(checks, history[history.length - 1].submittedAt, new Date())] : [],
      notes: (await db.select().from(caseNotes).where(eq(caseNotes.applicationId, application.id)).orderBy(asc(caseNotes.createdAt))).map((note) => ({ ...note, staffName: nameOf(note.staffId) })),
      // What was done to the case; each opening of it is in the audit log too, not repeated here.
      audit: (await db.select().from(auditLog).where(and(eq(auditLog.applicationId, application.id), ne(auditLog.action, 'caseViewed'))).orderBy(asc(auditLog.chainSeq), asc(auditLog.id))).map(({ prevHash: _prev, hash: _hash, ...entry }) => ({ ...entry, staffName: nameOf(entry.staffId) })),
    });
  });

  // A reviewer claims a case before working it: two reviewers never work one case unknowingly.
  // A case waiting for its second approval is a supervisor's to take.
  // What a colleague can change on an open case, as one opaque stamp: the console asks for it every
  // few seconds and reads the case again only when it moves. No personal data, so no audit entry.
  app.get('/applications/:id/stamp', { config: { staffAccess: 'cases.read' } }, async (request) => {
    const application = await loadCase(db, (request.params as { id: string }).id);
    const [notes] = await db.select({ count: count(), last: max(caseNotes.id) }).from(caseNotes).where(eq(caseNotes.applicationId, application.id));
    const screenings = await screeningsOf(db, application.id);
    const parts = [application.updatedAt.toISOString(), application.status, application.assignedTo, application.firstApprovedBy, application.submissionCount, notes?.count, notes?.last, screenings.map((result) => `${result.id}:${result.state}`)];
    return ok({ stamp: createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22) });
  });

  // "Next case": the most urgent case nobody holds (due soonest, then the longest waiting) (submitted or resubmitted; a supervisor's, also
  // one waiting for its second approval that they did not approve first), claimed in the same
  // statement. Reviewers asking at once each get a different case (skip locked), never the same one.
  app.post('/applications/next', { config: { staffAccess: 'cases.work' } }, async (request) => {
    const me = staffMemberOf(request);
    const checker = hasPermission(me.role, 'cases.check');
    const claimed = rowsOf<{ id: string }>(
      await db.execute(sql`
      update applications set assigned_to = ${me.id}, assigned_at = now()
      where id = (
        select id from applications
        where status in (2, 3) and assigned_to is null and submitted_at is not null
          and (first_approved_by is null or (${checker} and first_approved_by <> ${me.id}))
        order by due_at asc nulls last, submitted_at asc, id asc
        limit 1
        for update skip locked
      )
      returning id`),
    );
    const id = claimed[0]?.id;
    if (!id) return ok(null);
    const after = await loadCase(db, id);
    await auditCase(request, 'claim', { ...after, assignedTo: null }, after, { next: true });
    return ok({ id });
  });

  app.post('/applications/:id/claim', { config: { staffAccess: 'cases.work' } }, async (request) => {
    const before = await loadCase(db, (request.params as { id: string }).id);
    const me = staffMemberOf(request);
    if (before.firstApprovedBy) requirePermission(request, 'cases.check');
    const [after] = await db
      .update(applications)
      .set({ assignedTo: me.id, assignedAt: new Date() })
      .where(and(eq(applications.id, before.id), or(isNull(applications.assignedTo), eq(applications.assignedTo, me.id))))
      .returning();
    if (!after) await refuseIfSomeoneElses(db, await loadCase(db, before.id), me.id);
    if (before.assignedTo !== me.id) await auditCase(request, 'claim', before, after);
    return ok(after);
  });

  // A supervisor hands a case to someone else (or frees it with staffId null).
  app.post(
    '/applications/:id/assign',
    { config: { staffAccess: 'cases.assign' }, schema: { body: { type: 'object', required: ['staffId'], properties: { staffId: { type: ['string', 'null'], maxLength: 64 } } } } },
    async (request) => {
      const before = await loadCase(db, (request.params as { id: string }).id);
      const { staffId } = request.body as { staffId: string | null };
      if (staffId) {
        const [target] = await db.select({ id: staff.id, role: staff.role }).from(staff).where(and(eq(staff.id, staffId), isNull(staff.disabledAt)));
        if (!target) throw new AppError(404, '404', 'server.staffUnknown');
        // Only to someone who may work it: a case waiting for its second approval, to a checker.
        const needed = before.firstApprovedBy ? 'cases.check' : 'cases.work';
        if (!hasPermission(target.role as StaffRole, needed)) throw new AppError(409, CODES.badState, 'server.assigneeMayNotWork', { roles: needed === 'cases.check' ? 'supervisor' : 'reviewer, supervisor' });
      }
      const [after] = await db.update(applications).set({ assignedTo: staffId, assignedAt: staffId ? new Date() : null }).where(eq(applications.id, before.id)).returning();
      await auditCase(request, 'assign', before, after, { from: before.assignedTo, to: staffId });
      return ok(after);
    },
  );

  // Notes between staff on a case; the applicant never sees them.
  app.post('/applications/:id/notes', { config: { staffAccess: 'cases.work' }, schema: { body: { type: 'object', required: ['body'], properties: { body: { type: 'string', minLength: 1, maxLength: 4000 } } } } }, async (request) => {
    const application = await loadCase(db, (request.params as { id: string }).id);
    const body = (request.body as { body: string }).body.trim();
    if (!body) throw badRequest('server.noteEmpty');
    const [note] = await db.insert(caseNotes).values({ applicationId: application.id, staffId: staffOf(request), body }).returning();
    await auditCase(request, 'note', application, application, { noteId: note.id });
    return ok({ ...note, staffName: staffMemberOf(request).name });
  });
};
