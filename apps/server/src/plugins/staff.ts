// The staff API: its own sign-in (password, then an authenticator code), and behind it the
// accounts, the case queue, the case, its documents, the decisions and the audit. Every route past
// the sign-in needs a full staff session; roles narrow some of them.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { auditLog, staff } from '../db/schema.ts';
import { AppError, ok } from '../http/envelope.ts';
import { checkLimit } from '../http/rate-limits.ts';
import {
  clearStaffCookie,
  endStaffSession,
  newTotpSecret,
  passwordMatches,
  requireStaff,
  setStaffCookie,
  staffMemberOf,
  staffSessionOf,
  staffToken,
  startStaffSession,
  totpFor,
  totpStep,
  unknownAccountHash,
} from '../services/staff-auth.ts';
import { staffAccountsPlugin } from './staff-accounts.ts';
import { staffAuditPlugin } from './staff-audit.ts';
import { staffCasesPlugin } from './staff-cases.ts';
import { staffDecisionsPlugin } from './staff-decisions.ts';
import { staffDocumentsPlugin } from './staff-documents.ts';
import { staffStudioPlugin } from './staff-studio.ts';

export const staffPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
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

  // Who is signed in, or null: the console asks at start, before anyone may have signed in.
  app.get('/session', async (request) => {
    const session = await staffSessionOf(request, 'full');
    return ok(session ? { id: session.id, name: session.name, email: session.email, role: session.role } : null);
  });

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
    // The dead-letter view: notifications and provider answers out of retries, for a person to follow up.
    secured.get('/jobs/dead-letters', async () => ok(await app.kh.queue.deadLetters()));

    await secured.register(staffAccountsPlugin);
    await secured.register(staffCasesPlugin);
    await secured.register(staffDecisionsPlugin);
    await secured.register(staffDocumentsPlugin);
    await secured.register(staffAuditPlugin);
    await secured.register(staffStudioPlugin);
  });
};
