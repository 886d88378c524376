// The benches' server: the real one in its own process (on PGlite, or on a fresh PostgreSQL database),
// and where PostgreSQL answers. A child process, so its event loop and CPU are its own to measure.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '@kh/testing';
import { dropPostgresDatabase, freshPostgresDatabase } from '../test/harness.ts';

// BENCH_SERVER_DIR runs another checkout's server (a before-and-after in one sitting; build it first).
export const serverDir = process.env.BENCH_SERVER_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function waitUntilUp(baseUrl: string, path: string, method = 'GET') {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${baseUrl}${path}`, { method }).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startServer(databaseUrl: string | undefined, env: Record<string, string> = {}) {
  const port = await freePort();
  const childDatabase = databaseUrl ? await freshPostgresDatabase(databaseUrl) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'kh-bench-'));
  // BENCH_PROFILE=<dir> writes the server's CPU profile there (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  // The built server, as production runs it (`node dist/main.js`; the bench script builds it first):
  // through tsx it was another program, with a module loader and a helper naming every function as it is made.
  const child = spawn(process.execPath, [...profile, 'dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...(childDatabase ? { DATABASE_URL: childDatabase } : {}), KH_DEV: '1', KH_DEV_PASSWORD: 'bench', KH_EKYC_MAX_PER_DAY: '100000', KH_EKYC_MIN_INTERVAL_SECONDS: '0', KH_WEB_DIST: '/nonexistent', KH_CONSOLE_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(baseUrl, '/healthz');
  return {
    baseUrl,
    pid: child.pid!,
    databaseUrl: childDatabase,
    /** Stops the server and removes its files. */
    async stop() {
      await stopped(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
    /** Stops it and drops its database too (a console bench's is a million applications); a drop makes PostgreSQL checkpoint, so only once the measuring is done. */
    async dispose() {
      await this.stop();
      if (databaseUrl && childDatabase) await dropPostgresDatabase(databaseUrl, childDatabase);
    },
  };
}

/** Ends a child process and waits until it has exited. */
export async function stopped(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** PostgreSQL: BENCH_DATABASE_URL, else the CI's server (.ci/postgres.sh) when one answers there. */
export async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

