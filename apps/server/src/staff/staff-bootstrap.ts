// The first admin without a second command: with KH_BOOTSTRAP_ADMIN_EMAIL and
// KH_BOOTSTRAP_ADMIN_PASSWORD set, a start that finds no admin creates one. Its password is one-time
// (it sits in the environment): the admin chooses their own at the first sign-in, after which the
// setting opens nothing. Instances starting together create it once (the e-mail is unique).
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { staff } from '../db/schema.ts';
import { audit } from '../audit/index.ts';
import { createStaff } from './staff-auth.ts';

export async function bootstrapAdmin(db: Database, settings: { email: string; password: string } | undefined): Promise<'created' | 'exists' | 'none'> {
  if (!settings) return 'none';
  const [admin] = await db.select({ id: staff.id }).from(staff).where(eq(staff.role, 'admin')).limit(1);
  if (admin) return 'exists';
  try {
    const id = await createStaff(db, { email: settings.email, name: settings.email.split('@')[0]!, password: settings.password, role: 'admin', oneTimePassword: true });
    await audit(db, { staffId: null, action: 'staffCreatedByOperator', detail: { staffId: id, email: settings.email.toLowerCase(), role: 'admin' } }, { ip: null, userAgent: 'KH_BOOTSTRAP_ADMIN_EMAIL' });
    return 'created';
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === '23505') return 'exists';
    throw error;
  }
}
