// Staff accounts, the admin's: create, change role, disable, reset the authenticator. The list of
// active staff (names and roles) is everyone's: a supervisor reassigns a case to one of them.
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { auditLog, staff, staffSessions } from '../db/schema.ts';
import { AppError, CODES, ok } from '../http/envelope.ts';
import { STAFF_ROLES, createStaff, requireRole, staffOf, type StaffRole } from '../services/staff-auth.ts';

export const staffAccountsPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  const accountSchema = { email: { type: 'string', format: 'email', maxLength: 200 }, name: { type: 'string', minLength: 1, maxLength: 100 }, role: { type: 'string', enum: [...STAFF_ROLES] }, password: { type: 'string', minLength: 12, maxLength: 200 } } as const;

  app.get('/colleagues', async () => ok(await db.select({ id: staff.id, name: staff.name, role: staff.role }).from(staff).where(isNull(staff.disabledAt)).orderBy(asc(staff.name))));

  app.get('/accounts', { preHandler: requireRole('admin') }, async () =>
    ok(await db.select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role, enrolled: sql<boolean>`${staff.totpEnabledAt} is not null`, disabled: sql<boolean>`${staff.disabledAt} is not null`, createdAt: staff.createdAt }).from(staff).orderBy(asc(staff.email))),
  );

  app.post('/accounts', { preHandler: requireRole('admin'), schema: { body: { type: 'object', required: ['email', 'name', 'role', 'password'], properties: accountSchema } } }, async (request) => {
    const body = request.body as { email: string; name: string; role: StaffRole; password: string };
    const [existing] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, body.email.toLowerCase()));
    if (existing) throw new AppError(409, CODES.badState, 'server.staffEmailTaken');
    const id = await createStaff(db, body);
    await db.insert(auditLog).values({ staffId: staffOf(request), action: 'staffCreated', detail: { staffId: id, email: body.email.toLowerCase(), role: body.role } });
    return ok({ id });
  });

  app.post(
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
};
