// Staff review: a separate API with its own authentication. Approve market by market, reject with
// items of the RejectReason dictionary, set the MY client code active. Every action is audited.
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MARKET, hasMarket } from '@kh/flow';
import { applications, auditLog, ekycChecks, files, members, payments, staff, staffSessions, supplements } from '../db/schema.ts';
import { AppError, CODES, badRequest, ok } from '../http/envelope.ts';
import { compareWithIdentity } from '@kh/engine';
import { isContainRejectIdKind, parseRejectedReason } from '@kh/flow';
import { STATUS, SUPERSEDED, initApplication, payloadsOf, verifiedIdentityOf, type Application } from '../services/applications.ts';
import { compileStep, contextFrom } from '../services/steps.ts';
import { checkLimit } from '../http/rate-limits.ts';
import {
  STAFF_ROLES,
  clearStaffCookie,
  createStaff,
  endStaffSession,
  newTotpSecret,
  passwordMatches,
  requireRole,
  requireStaff,
  setStaffCookie,
  staffMemberOf,
  staffOf,
  staffSessionOf,
  staffToken,
  startStaffSession,
  totpFor,
  totpStep,
  unknownAccountHash,
  type StaffRole,
} from '../services/staff-auth.ts';
import { dictionaries } from '../services/steps.ts';
import { notifyDecision } from '../services/notifications.ts';

const REJECT_ITEMS = new Set(dictionaries.RejectReason.map((e) => String(e.value)));

export const staffPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;

  async function audit(staffId: string, action: string, before: Application | undefined, after: Application | undefined, detail: Record<string, unknown>) {
    await db.insert(auditLog).values({
      staffId,
      action,
      applicationId: (after ?? before)?.id ?? null,
      memberId: (after ?? before)?.memberId ?? null,
      statusBefore: before?.status ?? null,
      statusAfter: after?.status ?? null,
      detail,
    });
  }

  /** A decision is made on the case as the reviewer saw it, by the one working it (claimed here if no one is). */
  async function decidable(request: FastifyRequest): Promise<Application> {
    const before = await load((request.params as { id: string }).id);
    const { expectedStatus } = request.body as { expectedStatus?: number };
    if (expectedStatus !== undefined && before.status !== expectedStatus) throw new AppError(409, CODES.badState, 'server.caseChanged');
    await refuseIfSomeoneElses(before, staffOf(request));
    return before;
  }

  async function refuseIfSomeoneElses(application: Application, staffId: string) {
    if (!application.assignedTo || application.assignedTo === staffId) return;
    const [holder] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, application.assignedTo));
    throw new AppError(409, CODES.badState, 'server.caseClaimed', { name: holder?.name ?? '?' });
  }

  /** The update's guard: the status the decision was made on, and no one else's claim in between. */
  const unchangedAndMine = (before: Application, staffId: string) =>
    and(eq(applications.id, before.id), eq(applications.status, before.status), or(isNull(applications.assignedTo), eq(applications.assignedTo, staffId)));

  async function load(id: string): Promise<Application> {
    const [row] = await db.select().from(applications).where(eq(applications.id, id));
    if (!row) throw new AppError(404, '404', 'server.noApplication');
    return row;
  }

  const { limits, staffSession } = app.kh.config;
  const loginWindowMs = limits.staffLoginWindowMinutes * 60_000;
  const loginAudit = (staffId: string, action: string, request: FastifyRequest) =>
    db.insert(auditLog).values({ staffId, action, detail: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null } });

  // Step one: the password. The answer says what comes next: enrolling an authenticator (first
  // login, with its QR code's URI), or a code from it. Nothing is reachable with this half session.
  app.post(
    '/login',
    {
      config: { rateLimit: { max: limits.staffLoginsPerIp, timeWindow: loginWindowMs } },
      schema: { body: { type: 'object', required: ['email', 'password'], properties: { email: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 200 } } } },
    },
    async (request, reply) => {
      const body = request.body as { email: string; password: string };
      const email = body.email.toLowerCase();
      // Throttled per account as well as per address: a guesser spread over many addresses still stops.
      await checkLimit(request, `staff-login:${email}`, limits.staffLoginsPerAccount, loginWindowMs);
      const [account] = await db.select().from(staff).where(eq(staff.email, email));
      // An unknown e-mail costs the same password hash as a known one: the answer time tells nothing.
      const matches = await passwordMatches(body.password, account?.passwordHash ?? (await unknownAccountHash()));
      if (!account || !matches || account.disabledAt) {
        if (account) await loginAudit(account.id, 'loginFailed', request);
        throw new AppError(401, '401', 'server.staffLoginFailed');
      }
      const token = await startStaffSession(db, account.id, 'password', staffSession.maxHours);
      setStaffCookie(request, reply, token);
      if (account.totpEnabledAt) return ok({ next: 'totp', token });
      // Enrolment: the same secret until it is confirmed, so a reload shows the same QR code.
      const secret = account.totpSecret ?? newTotpSecret();
      if (!account.totpSecret) await db.update(staff).set({ totpSecret: secret }).where(eq(staff.id, account.id));
      return ok({ next: 'enrol', token, secret, otpauthUrl: totpFor(secret, account.email).toString() });
    },
  );

  // Step two: a code from the authenticator (which, on enrolment, confirms it). A code works once.
  app.post(
    '/login/totp',
    { config: { rateLimit: { max: limits.staffLoginsPerIp, timeWindow: loginWindowMs } }, schema: { body: { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 10 } } } } },
    async (request, reply) => {
      const session = await staffSessionOf(request, 'password');
      if (!session || !session.totpSecret) throw new AppError(401, '401', 'server.staffSessionEnded');
      await checkLimit(request, `staff-totp:${session.id}`, limits.staffLoginsPerAccount, loginWindowMs);
      const step = totpStep(session.totpSecret, session.email, (request.body as { code: string }).code.replace(/\s/g, ''));
      // The step is written only if it is newer than the last one used: two logins with one code, one wins.
      const [accepted] =
        step === undefined
          ? []
          : await db
              .update(staff)
              .set({ totpLastStep: step, totpEnabledAt: session.totpEnabledAt ?? new Date() })
              .where(and(eq(staff.id, session.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
              .returning({ id: staff.id });
      if (!accepted) {
        await loginAudit(session.id, 'totpFailed', request);
        throw new AppError(401, '401', 'server.staffCodeRefused');
      }
      // A new token for the full session: the half session's token never becomes one.
      await endStaffSession(db, session.token);
      const token = await startStaffSession(db, session.id, 'full', staffSession.maxHours);
      setStaffCookie(request, reply, token);
      await loginAudit(session.id, session.totpEnabledAt ? 'login' : 'totpEnrolled', request);
      return ok({ token, staff: { id: session.id, name: session.name, email: session.email, role: session.role } });
    },
  );

  app.post('/logout', async (request, reply) => {
    const session = await staffSessionOf(request, 'full');
    await endStaffSession(db, staffToken(request));
    clearStaffCookie(request, reply);
    if (session) await loginAudit(session.id, 'logout', request);
    return ok(null);
  });

  app.register(async (secured) => {
    secured.addHook('preHandler', requireStaff);

    secured.get('/me', async (request) => ok(staffMemberOf(request)));

    // Staff accounts: the admin's.
    const accountSchema = { email: { type: 'string', format: 'email', maxLength: 200 }, name: { type: 'string', minLength: 1, maxLength: 100 }, role: { type: 'string', enum: [...STAFF_ROLES] }, password: { type: 'string', minLength: 12, maxLength: 200 } } as const;
    secured.get('/accounts', { preHandler: requireRole('admin') }, async () =>
      ok(await db.select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role, enrolled: sql<boolean>`${staff.totpEnabledAt} is not null`, disabled: sql<boolean>`${staff.disabledAt} is not null`, createdAt: staff.createdAt }).from(staff).orderBy(asc(staff.email))),
    );
    secured.post('/accounts', { preHandler: requireRole('admin'), schema: { body: { type: 'object', required: ['email', 'name', 'role', 'password'], properties: accountSchema } } }, async (request) => {
      const body = request.body as { email: string; name: string; role: StaffRole; password: string };
      const [existing] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, body.email.toLowerCase()));
      if (existing) throw new AppError(409, CODES.badState, 'server.staffEmailTaken');
      const id = await createStaff(db, body);
      await db.insert(auditLog).values({ staffId: staffOf(request), action: 'staffCreated', detail: { staffId: id, email: body.email.toLowerCase(), role: body.role } });
      return ok({ id });
    });
    secured.post(
      '/accounts/:id',
      { preHandler: requireRole('admin'), schema: { body: { type: 'object', properties: { role: accountSchema.role, disabled: { type: 'boolean' }, resetTotp: { type: 'boolean' } } } } },
      async (request) => {
        const { id } = request.params as { id: string };
        const body = request.body as { role?: StaffRole; disabled?: boolean; resetTotp?: boolean };
        // An admin cannot lock themselves out: the last way back in would be the database.
        if (id === staffOf(request) && (body.disabled || (body.role && body.role !== 'admin'))) throw new AppError(409, CODES.badState, 'server.staffNotYourself');
        const [changed] = await db
          .update(staff)
          .set({
            ...(body.role ? { role: body.role } : {}),
            ...(body.disabled !== undefined ? { disabledAt: body.disabled ? new Date() : null } : {}),
            ...(body.resetTotp ? { totpSecret: null, totpEnabledAt: null, totpLastStep: null } : {}),
          })
          .where(eq(staff.id, id))
          .returning({ id: staff.id });
        if (!changed) throw new AppError(404, '404', 'server.staffUnknown');
        // A disabled account or a reset authenticator ends that person's sessions at once.
        if (body.disabled || body.resetTotp) await db.delete(staffSessions).where(eq(staffSessions.staffId, id));
        await db.insert(auditLog).values({ staffId: staffOf(request), action: 'staffChanged', detail: { staffId: id, ...body } });
        return ok({ id });
      },
    );

    secured.get(
      '/applications',
      { schema: { querystring: { type: 'object', properties: { status: { type: 'integer', minimum: 0, maximum: 5 }, page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, language: { type: 'string' } } } } },
      async (request) => {
        const query = request.query as { status?: number; page: number; pageSize: number };
        const where = query.status === undefined ? undefined : eq(applications.status, query.status);
        const [{ total }] = await db.select({ total: count() }).from(applications).where(where);
        const rows = await db
          .select({ id: applications.id, relatedType: applications.relatedType, status: applications.status, market: applications.market, opened: applications.opened, username: applications.username, assignedTo: applications.assignedTo, submittedAt: applications.submittedAt, updatedAt: applications.updatedAt })
          .from(applications)
          .where(where)
          .orderBy(asc(applications.submittedAt), asc(applications.createdAt))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);
        return ok({ total, page: query.page, pageSize: query.pageSize, items: rows });
      },
    );

    // The dead-letter view: notifications out of retries, with what they were to say, for a person to follow up.
    secured.get('/jobs/dead-letters', async () => ok(await app.kh.queue.deadLetters()));

    secured.get('/applications/:id', async (request) => {
      const application = await load((request.params as { id: string }).id);
      const [member] = await db.select().from(members).where(eq(members.id, application.memberId));
      const steps = await payloadsOf(db, application.id);
      // The verified identity beside what was typed on the personal step, each mismatch flagged.
      const verifiedIdentity = await verifiedIdentityOf(db, application.memberId);
      const personal = compileStep('personal', contextFrom(steps, application));
      const typed = personal.fromPayload(steps.personal ?? {});
      const identityComparison = verifiedIdentity && steps.personal ? compareWithIdentity(personal.valueFields, typed, verifiedIdentity, (id) => personal.isVisible(id, typed)) : [];
      return ok({
        application,
        member: { id: member.id, mobile: member.mobile, countryCode: member.countryCode, hsNo: member.hsNo },
        steps,
        verifiedIdentity: verifiedIdentity ?? null,
        identityComparison,
        identityMismatch: identityComparison.some((c) => !c.matches),
        documents: await db.select({ relativePath: files.relativePath, mime: files.mime, originalFilename: files.originalFilename, size: files.size }).from(files).where(eq(files.memberId, application.memberId)),
        identityChecks: await db.select().from(ekycChecks).where(eq(ekycChecks.applicationId, application.id)).orderBy(desc(ekycChecks.createdAt)),
        payments: await db.select({ orderNumber: payments.orderNumber, payStatus: payments.payStatus, amountSen: payments.amountSen, cardLast4: payments.cardLast4, settledAt: payments.settledAt }).from(payments).where(eq(payments.applicationId, application.id)),
        supplements: await db.select().from(supplements).where(eq(supplements.applicationId, application.id)),
        audit: await db.select().from(auditLog).where(eq(auditLog.applicationId, application.id)).orderBy(asc(auditLog.createdAt)),
      });
    });

    // A reviewer claims a case before working it: two reviewers never work one case unknowingly.
    secured.post('/applications/:id/claim', async (request) => {
      const before = await load((request.params as { id: string }).id);
      const me = staffOf(request);
      const [after] = await db
        .update(applications)
        .set({ assignedTo: me, assignedAt: new Date() })
        .where(and(eq(applications.id, before.id), or(isNull(applications.assignedTo), eq(applications.assignedTo, me))))
        .returning();
      if (!after) await refuseIfSomeoneElses(await load(before.id), me);
      if (before.assignedTo !== me) await audit(me, 'claim', before, after, {});
      return ok(after);
    });

    // A supervisor hands a case to someone else (or frees it with staffId null).
    secured.post(
      '/applications/:id/assign',
      { preHandler: requireRole('supervisor', 'admin'), schema: { body: { type: 'object', required: ['staffId'], properties: { staffId: { type: ['string', 'null'], maxLength: 64 } } } } },
      async (request) => {
        const before = await load((request.params as { id: string }).id);
        const { staffId } = request.body as { staffId: string | null };
        if (staffId) {
          const [target] = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.id, staffId), isNull(staff.disabledAt)));
          if (!target) throw new AppError(404, '404', 'server.staffUnknown');
        }
        const [after] = await db.update(applications).set({ assignedTo: staffId, assignedAt: staffId ? new Date() : null }).where(eq(applications.id, before.id)).returning();
        await audit(staffOf(request), 'assign', before, after, { from: before.assignedTo, to: staffId });
        return ok(after);
      },
    );

    // Approve market by market: the markets approved are opened; when every market asked for is, the application succeeds.
    secured.post(
      '/applications/:id/approve',
      { schema: { body: { type: 'object', required: ['markets'], properties: { markets: { type: 'integer', minimum: 1, maximum: 19 }, expectedStatus: { type: 'integer', minimum: 0, maximum: 5 } } } } },
      async (request) => {
        const before = await decidable(request);
        if (before.status !== STATUS.review && before.status !== STATUS.pass) throw new AppError(409, CODES.badState, 'server.notUnderReview');
        const markets = (request.body as { markets: number }).markets & before.market;
        if (markets === 0) throw badRequest('server.marketsNotAsked');
        const opened = before.opened | markets;
        const done = (opened & before.market) === before.market;
        const [after] = await db
          .update(applications)
          .set({ opened, status: done ? STATUS.success : STATUS.pass, masClientCodeActive: before.masClientCodeActive || hasMarket(markets, MARKET.MAS), assignedTo: staffOf(request), updatedAt: new Date() })
          .where(unchangedAndMine(before, staffOf(request)))
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
        await audit(staffOf(request), 'approve', before, after, { markets });
        app.kh.metrics.decisions.inc({ decision: 'approved' });
        await notifyDecision(app.kh.queue, { event: 'approved', applicationId: before.id, markets });
        return ok(after);
      },
    );

    secured.post(
      '/applications/:id/reject',
      { schema: { body: { type: 'object', required: ['items'], properties: { items: { type: 'array', minItems: 1, maxItems: 20, items: { type: 'string', maxLength: 64 } }, expectedStatus: { type: 'integer', minimum: 0, maximum: 5 } } } } },
      async (request) => {
        const before = await decidable(request);
        if (before.status !== STATUS.review && before.status !== STATUS.pass) throw new AppError(409, CODES.badState, 'server.notUnderReview');
        const items = [...new Set((request.body as { items: string[] }).items)];
        const unknown = items.filter((item) => !REJECT_ITEMS.has(item));
        if (unknown.length > 0) throw badRequest('server.unknownRejectItems', { items: unknown.join(', ') });
        const [after] = await db
          .update(applications)
          .set({ status: STATUS.fail, rejectedReason: items.join(','), assignedTo: staffOf(request), updatedAt: new Date() })
          .where(unchangedAndMine(before, staffOf(request)))
          .returning();
        if (!after) throw new AppError(409, CODES.badState, 'server.caseChanged');
        // A rejected identity document is checked again: the old check verifies nothing from now on,
        // so the applicant cannot type another identity in its place.
        if (isContainRejectIdKind(parseRejectedReason(after.rejectedReason)))
          await db.update(ekycChecks).set({ state: SUPERSEDED }).where(and(eq(ekycChecks.memberId, before.memberId), eq(ekycChecks.state, 'success')));
        await audit(staffOf(request), 'reject', before, after, { items });
        app.kh.metrics.decisions.inc({ decision: 'rejected' });
        await notifyDecision(app.kh.queue, { event: 'rejected', applicationId: before.id });
        return ok(after);
      },
    );

    secured.post(
      '/members/:memberId/my-client-code',
      { schema: { body: { type: 'object', required: ['active'], properties: { active: { type: 'boolean' } } } } },
      async (request) => {
        const { memberId } = request.params as { memberId: string };
        const before = await initApplication(db, memberId);
        if (!before || !hasMarket(before.opened, MARKET.MAS)) throw new AppError(409, CODES.badState, 'server.noMyAccount');
        const active = (request.body as { active: boolean }).active;
        const [after] = await db.update(applications).set({ masClientCodeActive: active, updatedAt: new Date() }).where(eq(applications.id, before.id)).returning();
        await audit(staffOf(request), active ? 'myClientCodeActive' : 'myClientCodeInactive', before, after, { active });
        return ok(after);
      },
    );
  });
};
