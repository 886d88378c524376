// Staff accounts, the admin's. Disabling an account is one admin's act and takes effect at once;
// everything that gives access (a new account, a role, a password or second factor reset, enabling
// again) is proposed here and made only when another admin confirms it (staff/changes-routes.ts).
// The list of active colleagues (names and roles) is a supervisor's too: a case is handed to one.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { auditLog, staff, staffSessions } from '../db/schema.ts';
import { AppError, CODES, badRequest, ok } from '../http/envelope.ts';
import { auditRequest } from '../audit/index.ts';
import { STAFF_ROLES, staffOf, type StaffRole } from './staff-auth.ts';
import { proposeChange } from './staff-changes.ts';

export const staffAccountsPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  const accountSchema = {
    email: { type: 'string', format: 'email', maxLength: 200 },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    role: { type: 'string', enum: [...STAFF_ROLES] },
  } as const;
  const { staffEmailDomains } = app.kh.config;
  /** An admin never chooses a colleague's password: the owner does, from the link sent to their own address. */
  const refusePassword = (body: object) => {
    if ('password' in body || typeof (body as { resetPassword?: unknown }).resetPassword === 'string') throw badRequest('server.staffPasswordNotChosen');
  };
  /** With KH_STAFF_EMAIL_DOMAINS set, an account's address is the broker's own: an admin cannot send a colleague's link to a mailbox of their own elsewhere. */
  const refuseForeignDomain = (email: string) => {
    if (staffEmailDomains.length > 0 && !staffEmailDomains.includes(email.slice(email.lastIndexOf('@') + 1))) throw badRequest('server.staffEmailDomain', { domains: staffEmailDomains.join(', ') });
  };

  app.get('/colleagues', { config: { staffAccess: 'staff.list' } }, async () =>
    ok(await db.select({ id: staff.id, name: staff.name, role: staff.role }).from(staff).where(isNull(staff.disabledAt)).orderBy(asc(staff.name))),
  );

  app.get('/accounts', { config: { staffAccess: 'staff.manage' } }, async () => {
    const lastSignIn = db
      .select({ staffId: auditLog.staffId, at: sql<Date>`max(${auditLog.createdAt})`.as('at') })
      .from(auditLog)
      .where(sql`${auditLog.action} in ('login', 'totpEnrolled')`)
      .groupBy(auditLog.staffId)
      .as('last_sign_in');
    return ok(
      await db
        .select({
          id: staff.id,
          email: staff.email,
          name: staff.name,
          role: staff.role,
          enrolled: sql<boolean>`${staff.totpEnabledAt} is not null`,
          disabled: sql<boolean>`${staff.disabledAt} is not null`,
          oneTimePassword: sql<boolean>`${staff.oneTimePasswordUntil} is not null`,
          createdAt: staff.createdAt,
          lastSignInAt: sql<Date | null>`${lastSignIn.at}`.mapWith(staff.createdAt),
        })
        .from(staff)
        .leftJoin(lastSignIn, eq(lastSignIn.staffId, staff.id))
        .orderBy(asc(staff.email)),
    );
  });

  // A new account is a proposal: another admin confirms it, and then its owner alone, from a link sent
  // to the address proposed, chooses its password and enrols its authenticator. No admin ever knows a
  // way in to a colleague's account.
  app.post('/accounts', { config: { staffAccess: 'staff.manage' }, schema: { body: { type: 'object', required: ['email', 'name', 'role'], properties: { ...accountSchema, password: { type: 'string', maxLength: 200 } } } } }, async (request) => {
    refusePassword(request.body as object);
    const body = request.body as { email: string; name: string; role: StaffRole };
    const email = body.email.toLowerCase().trim();
    refuseForeignDomain(email);
    const [existing] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
    if (existing) throw new AppError(409, CODES.badState, 'server.staffEmailTaken');
    const changeId = await proposeChange(request, { kind: 'createStaff', change: { email, name: body.name.trim(), role: body.role } });
    return ok({ changeId, state: 'pending' });
  });

  app.post(
    '/accounts/:id',
    {
      config: { staffAccess: 'staff.manage' },
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        body: { type: 'object', additionalProperties: false, properties: { role: accountSchema.role, disabled: { type: 'boolean' }, resetTotp: { type: 'boolean' }, resetPassword: { anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 200 }] } } },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      refusePassword(request.body as object);
      const body = request.body as { role?: StaffRole; disabled?: boolean; resetTotp?: boolean; resetPassword?: boolean };
      const [target] = await db.select().from(staff).where(eq(staff.id, id));
      if (!target) throw new AppError(404, '404', 'server.staffUnknown');
      // An admin cannot lock themselves out: the last way back in would be the database.
      if (id === staffOf(request) && (body.disabled || (body.role && body.role !== 'admin'))) throw new AppError(409, CODES.badState, 'server.staffNotYourself');
      if (body.role === undefined && body.disabled === undefined && !body.resetTotp && !body.resetPassword) throw badRequest('server.staffNothingToChange');
      const changes: string[] = [];
      if (body.disabled === true && !target.disabledAt) {
        // Stopping access is never held up: one admin disables, and every session ends now.
        await db.update(staff).set({ disabledAt: new Date() }).where(and(eq(staff.id, id), isNull(staff.disabledAt)));
        await db.delete(staffSessions).where(eq(staffSessions.staffId, id));
        await auditRequest(request, { action: 'staffDisabled', detail: { staffId: id, email: target.email } });
      }
      if (body.disabled === false && target.disabledAt) changes.push(await proposeChange(request, { kind: 'enable', targetStaffId: id, change: {} }));
      if (body.role && body.role !== target.role) changes.push(await proposeChange(request, { kind: 'role', targetStaffId: id, change: { from: target.role as StaffRole, to: body.role } }));
      if (body.resetTotp) changes.push(await proposeChange(request, { kind: 'resetTotp', targetStaffId: id, change: {} }));
      if (body.resetPassword) changes.push(await proposeChange(request, { kind: 'resetPassword', targetStaffId: id, change: {} }));
      return ok({ id, changeIds: changes, disabled: body.disabled === true ? true : Boolean(target.disabledAt) });
    },
  );
};
