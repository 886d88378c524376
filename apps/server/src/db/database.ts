// The database: an embedded PostgreSQL (PGlite, in a worker thread) in DATA_DIR by default, or a real
// PostgreSQL server by DATABASE_URL. Both are reached through node-postgres; one migration set
// (drizzle/) serves both.
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The embedded database folder is this process's alone (PGlite is one process's): another is refused, with its pid. */
export class DatabaseInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockFolder(dir: string): () => void {
  const lockFile = join(dir, 'in-use.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (holder && holder !== process.pid && isRunning(holder))
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is in use by process ${holder} (a running server?). Stop it first, or give both DATABASE_URL to share a PostgreSQL server.`,
        );
      // Left by a process that has ended: take it over.
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`The embedded database in ${dir} could not be locked.`);
}

/** Sees every query the server sends (a test counts a request's round trips with it). */
export interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}

export async function openDatabase({ dataDir, databaseUrl, logger }: { dataDir: string; databaseUrl?: string; logger?: QueryLogger }): Promise<OpenDatabase> {
  // memory:// keeps the embedded database in memory (tests that need no restart).
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema, logger });
    // Instances starting together migrate one after the other: the second finds nothing left to do.
    const holder = await pool.connect();
    try {
      await holder.query("select pg_advisory_lock(hashtext('kh:migrations'))");
      await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await holder.query("select pg_advisory_unlock(hashtext('kh:migrations'))").catch(() => undefined);
      holder.release();
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  const inMemory = dataDir === 'memory://';
  const dir = inMemory ? undefined : join(dataDir, 'pg');
  if (dir) mkdirSync(dir, { recursive: true });
  const unlock = dir ? lockFolder(dir) : () => undefined;
  let embedded: EmbeddedPostgres | undefined;
  try {
    embedded = await startEmbeddedPostgres(dir);
    const pool = new pg.Pool({ host: embedded.socketDir, port: EMBEDDED_PORT, user: 'postgres', database: 'postgres', max: EMBEDDED_CONNECTIONS });
    const db = drizzlePg(pool, { schema, logger });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    const running = embedded;
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: async () => {
        await pool.end();
        await running.stop();
        unlock();
      },
    };
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    unlock();
    throw error;
  }
}

/** node-postgres finds a server's Unix socket as `<dir>/.s.PGSQL.<port>`. */
const EMBEDDED_PORT = 5432;
/**
 * Several connections keep the worker fed while the server reads an answer; the worker runs one
 * connection's transaction whole before another's statements (embedded-postgres.worker.mjs).
 */
const EMBEDDED_CONNECTIONS = 8;

interface EmbeddedPostgres {
  socketDir: string;
  stop(): Promise<void>;
}

/** Starts PGlite in a worker thread, listening on a Unix socket in a folder only this user can open. */
async function startEmbeddedPostgres(dataDir: string | undefined): Promise<EmbeddedPostgres> {
  const socketDir = mkdtempSync(join(tmpdir(), 'kh-pg-'));
  const worker = new Worker(new URL('./embedded-postgres.worker.mjs', import.meta.url), {
    workerData: { dataDir, socketPath: join(socketDir, `.s.PGSQL.${EMBEDDED_PORT}`) },
  });
  const answer = (key: 'ready' | 'stopped') =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (message: Record<string, boolean>) => message[key] && (cleanup(), resolve());
      const onError = (error: Error) => (cleanup(), reject(error));
      const onExit = (code: number) => (cleanup(), key === 'stopped' ? resolve() : reject(new Error(`The embedded database stopped (exit ${code})`)));
      const cleanup = () => worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
  const stop = async () => {
    const stopped = answer('stopped');
    worker.postMessage('stop');
    await stopped;
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
  };
  try {
    await answer('ready');
  } catch (error) {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  return { socketDir, stop };
}
