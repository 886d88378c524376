// The owner's side of an activation link (staff/activations.ts): what the link is for, then its
// completion: a new password (a new account, a reset password) or the current one (a reset
// authenticator), after which the sign-in goes on as any other, at the authenticator's code or its
// enrolment. Nobody but whoever holds the link, sent to the account's own address, gets this far.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { staff } from '../db/schema.ts';
import { AppError, badRequest, ok } from '../http/envelope.ts';
import { auditRequest } from '../audit/index.ts';
import { MIN_PASSWORD_LENGTH, endOtherStaffSessions, hashPassword, passwordMatches } from './staff-auth.ts';
import { openActivation, useActivation } from './activations.ts';

type NextStep = (request: FastifyRequest, reply: FastifyReply, account: { id: string; email: string; oneTimePasswordUntil: Date | null; totpEnabledAt: Date | null; enrolByPassword: boolean }, via: 'link') => Promise<unknown>;

const tokenBody = { token: { type: 'string', minLength: 1, maxLength: 100 } } as const;

export const staffActivationPlugin: FastifyPluginAsync<{ nextStep: NextStep }> = async (app, { nextStep }) => {
  const { db } = app.kh;
  const { limits } = app.kh.config;
  const signIn = { staffAccess: 'signIn', rateLimit: { max: limits.staffLoginsPerIp, timeWindow: limits.staffLoginWindowMinutes * 60_000 } } as const;
  const lapsed = () => new AppError(410, '410', 'server.staffActivationLapsed');

  // What the link is for, without using it: the console asks for the right password.
  app.post('/activation', { config: signIn, schema: { body: { type: 'object', required: ['token'], properties: tokenBody } } }, async (request) => {
    const activation = await openActivation(db, (request.body as { token: string }).token);
    if (!activation) throw lapsed();
    return ok({ purpose: activation.purpose, email: activation.email, name: activation.name, expiresAt: activation.expiresAt.toISOString() });
  });

  app.post(
    '/activation/complete',
    { config: signIn, schema: { body: { type: 'object', required: ['token', 'password'], properties: { ...tokenBody, password: { type: 'string', maxLength: 200 } } } } },
    async (request, reply) => {
      const { token, password } = request.body as { token: string; password: string };
      const activation = await openActivation(db, token);
      if (!activation) throw lapsed();
      const choosing = activation.purpose !== 'authenticator';
      if (choosing && password.length < MIN_PASSWORD_LENGTH) throw badRequest('server.staffPasswordTooShort', { min: MIN_PASSWORD_LENGTH });
      // A reset authenticator is enrolled again by whoever knows the password as well as the mailbox.
      if (!choosing && !(await passwordMatches(password, activation.passwordHash))) {
        await auditRequest(request, { staffId: activation.staffId, action: 'loginFailed', detail: { activation: activation.purpose } });
        throw new AppError(401, '401', 'server.staffLoginFailed');
      }
      if (!(await useActivation(db, activation.id))) throw lapsed();
      if (choosing) {
        await db.update(staff).set({ passwordHash: await hashPassword(password), oneTimePasswordUntil: null, passwordChangedAt: new Date() }).where(eq(staff.id, activation.staffId));
        await endOtherStaffSessions(db, activation.staffId);
      }
      await auditRequest(request, { staffId: activation.staffId, action: 'activationUsed', detail: { purpose: activation.purpose } });
      return nextStep(request, reply, { id: activation.staffId, email: activation.email, oneTimePasswordUntil: null, totpEnabledAt: activation.totpEnabledAt, enrolByPassword: false }, 'link');
    },
  );
};
