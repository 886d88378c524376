// The staff API: its own sign-in (password, a new password where the first was one-time, then an
// authenticator code), one's own password and sessions, and behind them the accounts, the case
// queue, the case, its documents, the decisions, the two-person changes, the audit and the studio.
// Every route declares who may call it (`config.staffAccess`, staff/staff-access.ts); the gate
// checks it before a body is read, and a route that declares nothing stops the server at start.
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { staff, staffSessions } from '../db/schema.ts';
import { AppError, CODES, badRequest, ok } from '../http/envelope.ts';
import { checkLimit } from '../http/rate-limits.ts';
import { auditRequest, originOf } from '../audit/index.ts';
import { permissionsOf } from './staff-access.ts';
import {
  MIN_PASSWORD_LENGTH,
  clearStaffCookie,
  endOtherStaffSessions,
  endStaffSession,
  halfSessionOf,
  hashPassword,
  newTotpSecret,
  passwordMatches,
  setStaffCookie,
  staffGate,
  staffMemberOf,
  staffSessionOf,
  staffToken,
  startStaffSession,
  totpFor,
  totpStep,
  unknownAccountHash,
  type HalfSession,
} from './staff-auth.ts';
import { staffAccountsPlugin } from './accounts-routes.ts';
import { staffChangesPlugin } from './changes-routes.ts';
import { staffActivationPlugin } from './activation-routes.ts';

const newPassword = { type: 'string', minLength: MIN_PASSWORD_LENGTH, maxLength: 200 } as const;

export interface StaffAreaOptions {
  /** The other domains' staff routes (review, audit, studio): behind the same sign-in and gate, given by the composition root. */
  areas?: FastifyPluginAsync[];
}

export const staffPlugin: FastifyPluginAsync<StaffAreaOptions> = async (app, { areas = [] }) => {
  const { db } = app.kh;
  const { limits, staffSession } = app.kh.config;
  const loginWindowMs = limits.staffLoginWindowMinutes * 60_000;
  const signIn = { staffAccess: 'signIn', rateLimit: { max: limits.staffLoginsPerIp, timeWindow: loginWindowMs } } as const;

  // Deny by default: a staff route that says nothing of who may call it is a mistake found at start.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.staffAccess) throw new Error(`The staff route ${String(route.method)} ${route.url} declares no staffAccess (staff/staff-access.ts): every staff route says who may call it`);
  });
  app.addHook('onRequest', staffGate);
  // Every refusal of a signed-in person is an entry: a reviewer trying a checker's approval, an editor a case.
  // Before the answer leaves (onSend, not onResponse): whoever is refused finds the entry already written.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.staff || (reply.statusCode !== 403 && reply.statusCode !== 409)) return payload;
    await auditRequest(request, {
      action: 'refused',
      applicationId: (request.params as { id?: string }).id && request.routeOptions.url?.includes('/applications/:id') ? (request.params as { id: string }).id : null,
      detail: { method: request.method, route: request.routeOptions.url ?? request.url, status: reply.statusCode, reason: request.refusal ?? null },
    }).catch((error: unknown) => request.log.error({ err: error }, 'audit of a refusal failed'));
    return payload;
  });

  /**
   * What follows a checked password: a new one (the first was one-time), the authenticator's code, or
   * its enrolment: at a sign-in only for an account whose owner chose its password themselves (the
   * first admin); every other account enrols from the link sent to its own address.
   */
  async function nextStep(request: FastifyRequest, reply: FastifyReply, account: { id: string; email: string; oneTimePasswordUntil: Date | null; totpEnabledAt: Date | null; enrolByPassword: boolean }, via: 'password' | 'link' = 'password') {
    if (account.oneTimePasswordUntil) {
      const token = await startStaffSession(db, account.id, 'password', staffSession.maxHours, originOf(request));
      setStaffCookie(request, reply, token);
      return ok({ next: 'password' as const, token });
    }
    if (account.totpEnabledAt) {
      const token = await startStaffSession(db, account.id, 'password', staffSession.maxHours, originOf(request));
      setStaffCookie(request, reply, token);
      return ok({ next: 'totp' as const, token });
    }
    if (via === 'password' && !account.enrolByPassword) {
      await auditRequest(request, { staffId: account.id, action: 'loginRefused', detail: { reason: 'enrolByLink' } });
      throw new AppError(403, '403', 'server.staffEnrolByLink');
    }
    // Enrolment: a new secret for this half session alone, shown once. Another sign-in gets another;
    // whoever reset the account never sees the one its owner enrols.
    const secret = newTotpSecret();
    const token = await startStaffSession(db, account.id, 'password', staffSession.maxHours, { ...originOf(request), pendingTotpSecret: secret });
    setStaffCookie(request, reply, token);
    return ok({ next: 'enrol' as const, token, secret, otpauthUrl: totpFor(secret, account.email).toString() });
  }

  // Step one: the password.
  app.post(
    '/login',
    {
      config: signIn,
      schema: { body: { type: 'object', required: ['email', 'password'], properties: { email: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 200 } } } },
    },
    async (request, reply) => {
      const body = request.body as { email: string; password: string };
      const email = body.email.toLowerCase().trim();
      // Throttled per account as well as per address: a guesser spread over many addresses still stops.
      await checkLimit(request, `staff-login:${email}`, limits.staffLoginsPerAccount, loginWindowMs);
      const [account] = await db.select().from(staff).where(eq(staff.email, email));
      // An unknown e-mail, or an account with no password yet, costs the same password hash as a known
      // one: the answer time tells nothing.
      const stored = account?.passwordHash.startsWith('scrypt$') ? account.passwordHash : await unknownAccountHash();
      const matches = (await passwordMatches(body.password, stored)) && stored === account?.passwordHash;
      if (!account || !matches) {
        await auditRequest(request, { staffId: account?.id ?? null, action: 'loginFailed', detail: account ? {} : { email: email.slice(0, 200) } });
        throw new AppError(401, '401', 'server.staffLoginFailed');
      }
      // The password was right: the person may be told why they still cannot sign in.
      if (account.disabledAt) {
        await auditRequest(request, { staffId: account.id, action: 'loginRefused', detail: { reason: 'disabled' } });
        throw new AppError(403, '403', 'server.staffAccountDisabled');
      }
      // A one-time password is the operator's own (the bootstrap setting): one an admin chose for a colleague opens nothing.
      if (account.oneTimePasswordUntil && !account.enrolByPassword) {
        await auditRequest(request, { staffId: account.id, action: 'loginRefused', detail: { reason: 'oneTimePasswordNotOwn' } });
        throw new AppError(403, '403', 'server.staffUseYourLink');
      }
      if (account.oneTimePasswordUntil && account.oneTimePasswordUntil <= new Date()) {
        await auditRequest(request, { staffId: account.id, action: 'loginRefused', detail: { reason: 'oneTimePasswordExpired' } });
        throw new AppError(401, '401', 'server.staffOneTimePasswordExpired');
      }
      return nextStep(request, reply, account);
    },
  );

  // Step two, after a one-time password: the staff member's own password. Nobody else ever knows it.
  app.post(
    '/login/password',
    { config: { staffAccess: 'halfSession' }, schema: { body: { type: 'object', required: ['password'], properties: { password: newPassword } } } },
    async (request, reply) => {
      const session = halfSessionOf(request);
      if (!session.oneTimePasswordUntil) throw new AppError(409, CODES.badState, 'server.staffPasswordNotOneTime');
      const password = (request.body as { password: string }).password;
      if (await passwordMatches(password, session.passwordHash)) throw badRequest('server.staffPasswordUnchanged');
      await db.update(staff).set({ passwordHash: await hashPassword(password), oneTimePasswordUntil: null, passwordChangedAt: new Date() }).where(eq(staff.id, session.id));
      await endOtherStaffSessions(db, session.id);
      await auditRequest(request, { staffId: session.id, action: 'passwordChanged', detail: { firstSignIn: true } });
      return nextStep(request, reply, { ...session, oneTimePasswordUntil: null });
    },
  );

  // Step three: a code from the authenticator (which, on enrolment, confirms it). A code works once.
  app.post(
    '/login/totp',
    { config: { staffAccess: 'halfSession', rateLimit: signIn.rateLimit }, schema: { body: { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 10 } } } } },
    async (request, reply) => {
      const session: HalfSession = halfSessionOf(request);
      if (session.oneTimePasswordUntil) throw new AppError(409, CODES.badState, 'server.staffPasswordChangeFirst');
      const enrolling = !session.totpEnabledAt;
      const secret = enrolling ? session.pendingTotpSecret : session.totpSecret;
      if (!secret) throw new AppError(401, '401', 'server.staffSessionEnded');
      await checkLimit(request, `staff-totp:${session.id}`, limits.staffLoginsPerAccount, loginWindowMs);
      const step = totpStep(secret, session.email, (request.body as { code: string }).code.replace(/\s/g, ''));
      // The step is written only if it is newer than the last one used: two logins with one code, one wins.
      // An enrolment is confirmed only if no other session confirmed another secret meanwhile.
      const [accepted] =
        step === undefined
          ? []
          : await db
              .update(staff)
              .set({ totpLastStep: step, ...(enrolling ? { totpSecret: secret, totpEnabledAt: new Date(), enrolByPassword: false } : {}) })
              .where(and(eq(staff.id, session.id), enrolling ? isNull(staff.totpEnabledAt) : eq(staff.totpSecret, secret), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
              .returning({ id: staff.id });
      if (!accepted) {
        await auditRequest(request, { staffId: session.id, action: 'totpFailed' });
        throw new AppError(401, '401', 'server.staffCodeRefused');
      }
      // A new token for the full session: the half session's token never becomes one.
      await endStaffSession(db, session.token);
      const token = await startStaffSession(db, session.id, 'full', staffSession.maxHours, originOf(request));
      setStaffCookie(request, reply, token);
      await auditRequest(request, { staffId: session.id, action: enrolling ? 'totpEnrolled' : 'login' });
      return ok({ token, staff: { id: session.id, name: session.name, email: session.email, role: session.role, permissions: permissionsOf(session.role) } });
    },
  );

  // Who is signed in, or null: the console asks at start, before anyone may have signed in.
  app.get('/session', { config: { staffAccess: 'signIn' } }, async (request) => {
    const session = await staffSessionOf(request, 'full');
    return ok(session ? { id: session.id, name: session.name, email: session.email, role: session.role, permissions: permissionsOf(session.role) } : null);
  });

  // Logout ends this session, or with `everywhere` every session of the account.
  // The body may be absent (a bare POST from a button).
  app.post('/logout', { config: { staffAccess: 'signIn' } }, async (request, reply) => {
    const session = await staffSessionOf(request, 'full');
    const everywhere = (request.body as { everywhere?: unknown } | null | undefined)?.everywhere === true;
    if (session && everywhere) await endOtherStaffSessions(db, session.id);
    await endStaffSession(db, staffToken(request));
    clearStaffCookie(request, reply);
    if (session) await auditRequest(request, { staffId: session.id, action: everywhere ? 'logoutEverywhere' : 'logout' });
    return ok(null);
  });

  app.get('/me', { config: { staffAccess: 'self' } }, async (request) => {
    const { sessionRef: _ref, ...me } = staffMemberOf(request);
    return ok({ ...me, permissions: permissionsOf(me.role) });
  });

  // One's own password: the current one, then a new one. Every other session of the account ends.
  app.post(
    '/password',
    { config: { staffAccess: 'self' }, schema: { body: { type: 'object', required: ['current', 'password'], properties: { current: { type: 'string', maxLength: 200 }, password: newPassword } } } },
    async (request) => {
      const me = staffMemberOf(request);
      const body = request.body as { current: string; password: string };
      await checkLimit(request, `staff-password:${me.id}`, limits.staffLoginsPerAccount, loginWindowMs);
      const [account] = await db.select({ passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, me.id));
      if (!account || !(await passwordMatches(body.current, account.passwordHash))) throw new AppError(400, CODES.fieldErrors, 'server.staffCurrentPasswordWrong');
      if (body.current === body.password) throw badRequest('server.staffPasswordUnchanged');
      await db.update(staff).set({ passwordHash: await hashPassword(body.password), oneTimePasswordUntil: null, passwordChangedAt: new Date() }).where(eq(staff.id, me.id));
      await endOtherStaffSessions(db, me.id, staffToken(request));
      await auditRequest(request, { action: 'passwordChanged' });
      return ok(null);
    },
  );

  // One's sessions: where and when each was signed in and last seen; any other may be ended.
  app.get('/sessions', { config: { staffAccess: 'self' } }, async (request) => {
    const me = staffMemberOf(request);
    const rows = await db
      .select({ ref: staffSessions.ref, stage: staffSessions.stage, ip: staffSessions.ip, userAgent: staffSessions.userAgent, createdAt: staffSessions.createdAt, lastSeenAt: staffSessions.lastSeenAt, expiresAt: staffSessions.expiresAt })
      .from(staffSessions)
      .where(and(eq(staffSessions.staffId, me.id), eq(staffSessions.stage, 'full')))
      .orderBy(asc(staffSessions.createdAt));
    const now = Date.now();
    const idleMs = staffSession.idleMinutes * 60_000;
    return ok(rows.filter((row) => row.expiresAt.getTime() > now && now - row.lastSeenAt.getTime() < idleMs).map((row) => ({ ...row, current: row.ref === me.sessionRef })));
  });

  app.post(
    '/sessions/:sessionId/end',
    { config: { staffAccess: 'self' }, schema: { params: { type: 'object', required: ['sessionId'], properties: { sessionId: { type: 'string', maxLength: 64 } } } } },
    async (request) => {
      const me = staffMemberOf(request);
      const { sessionId } = request.params as { sessionId: string };
      const ended = await db.delete(staffSessions).where(and(eq(staffSessions.staffId, me.id), eq(staffSessions.ref, sessionId))).returning({ ref: staffSessions.ref });
      if (ended.length === 0) throw new AppError(404, '404', 'server.staffSessionUnknown');
      await auditRequest(request, { action: 'sessionEnded', detail: { session: sessionId } });
      return ok(null);
    },
  );

  // The dead-letter view: notifications and provider answers out of retries, for a person to follow up.
  app.get('/jobs/dead-letters', { config: { staffAccess: 'jobs.read' } }, async () => ok(await app.kh.queue.deadLetters()));

  await app.register(staffActivationPlugin, { nextStep });
  await app.register(staffAccountsPlugin);
  await app.register(staffChangesPlugin);
  for (const area of areas) await app.register(area);
};
