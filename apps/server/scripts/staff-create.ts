// pnpm --filter @kh/server staff:create --email <e> --name <n> [--role reviewer|supervisor|admin|editor] [--password <p>]
// The operator's way in: creates a staff account in the database of DATABASE_URL (or DATA_DIR's
// embedded one), the first admins above all; every later account is proposed and confirmed by two
// admins in the console. Without --password it is read from the STAFF_PASSWORD variable, so it need
// not sit in the shell history. The creation is an audit entry like any other.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/database.ts';
import { audit } from '../src/audit/audit.ts';
import { STAFF_ROLES, createStaff, type StaffRole } from '../src/staff/staff-auth.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', default: 'reviewer' } } });
const password = values.password ?? process.env.STAFF_PASSWORD;
if (!values.email || !values.name || !password || !STAFF_ROLES.includes(values.role as StaffRole)) {
  console.error(`Usage: pnpm --filter @kh/server staff:create --email <email> --name <name> [--role ${STAFF_ROLES.join('|')}] [--password <password> | STAFF_PASSWORD=...]`);
  process.exit(2);
}
// Only the database is needed: production's other settings are the server's, not this command's.
const database = await openDatabase({ dataDir: resolve(process.env.DATA_DIR ?? '.data'), databaseUrl: process.env.DATABASE_URL || undefined }).catch((error: Error) => {
  // A running server holds the embedded database: say so rather than write where it will be lost.
  console.error(`Could not create the staff account: ${error.message}`);
  process.exit(1);
});
try {
  const id = await createStaff(database.db, { email: values.email, name: values.name, password, role: values.role as StaffRole });
  await audit(database.db, { staffId: null, action: 'staffCreatedByOperator', detail: { staffId: id, email: values.email.toLowerCase(), role: values.role } }, { ip: null, userAgent: 'staff:create' });
  console.log(`Staff account ${values.email} created (${id}, ${values.role}); the first login enrols an authenticator app.`);
} catch (error) {
  console.error(`Could not create the staff account: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
