// node dist/migrate.js (pnpm --filter @kh/server migrate): runs the migrations on DATABASE_URL, once
// per release, before the instances of the release start. Instances running it together take turns.
// Prints what it ran, in one JSON line; exits 1 with the reason when the database cannot be reached.
import { migrateDatabase, pendingMigrations } from './db/database.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(JSON.stringify({ level: 'error', msg: 'DATABASE_URL: required (postgres://user:password@host:5432/database)' }));
  process.exit(2);
}
try {
  const pending = await pendingMigrations(databaseUrl);
  await migrateDatabase(databaseUrl);
  console.log(JSON.stringify({ level: 'info', msg: pending.length ? 'migrations run' : 'nothing to migrate', ran: pending }));
} catch (error) {
  console.error(JSON.stringify({ level: 'error', msg: 'migration failed', reason: (error as Error).message.split('\n')[0] }));
  process.exit(1);
}
