// The server suite's second pass, on a real PostgreSQL (TEST_DATABASE_URL). CI always sets it
// (.ci/postgres.sh starts one); a local run without it says so instead of passing in silence.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  if (process.env.CI) {
    console.error('TEST_DATABASE_URL is not set: the PostgreSQL pass of the server suite cannot run.');
    process.exit(1);
  }
  console.warn('PostgreSQL pass skipped: set TEST_DATABASE_URL (bash .ci/postgres.sh prints one) to run the server suite on PostgreSQL too.');
  process.exit(0);
}
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
console.log('Server suite on PostgreSQL');
// Every database the pass makes is named by this run's prefix (test/harness.ts), and dropped when it
// ends: a developer's PostgreSQL otherwise keeps each run's (a few hundred), and autovacuum's launcher
// then visits every one of them, under the next `pnpm bench` too.
const prefix = `kh_test_${process.pid}_${Date.now()}_`;
const run = spawnSync('pnpm', ['exec', 'vitest', 'run', ...process.argv.slice(2)], { cwd: serverDir, stdio: 'inherit', env: { ...process.env, DATABASE_URL: url, KH_TEST_DATABASE_PREFIX: prefix } });
await dropDatabases(url, prefix).catch((error) => console.warn(`The PostgreSQL pass's databases (${prefix}*) were not all dropped: ${error.message}`));
process.exit(run.status ?? 1);

async function dropDatabases(adminUrl, namePrefix) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select datname from pg_database where left(datname, length($1)) = $1', [namePrefix]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    console.log(`Dropped the pass's ${rows.length} databases.`);
  } finally {
    await admin.end();
  }
}
