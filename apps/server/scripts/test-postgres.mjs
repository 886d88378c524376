// The server suite's second pass, on a real PostgreSQL (TEST_DATABASE_URL). CI always sets it
// (.ci/postgres.sh starts one); a local run without it says so instead of passing in silence.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
const run = spawnSync('pnpm', ['exec', 'vitest', 'run'], { cwd: serverDir, stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
process.exit(run.status ?? 1);
