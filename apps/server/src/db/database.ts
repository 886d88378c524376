// The database: an embedded PostgreSQL (PGlite, in a worker thread) in DATA_DIR by default, or a real
// PostgreSQL server by DATABASE_URL. Both are reached through node-postgres; one migration set
// (drizzle/) serves both.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  /** The connections (their use is a metric). */
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * The migrations in drizzle/ the database has not run (by the time the journal gives each, which
 * drizzle records as it runs one). A release's new code refuses to start on a database that lacks
 * its migrations: they run first, once, by `node dist/migrate.js`.
 */
export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const exists = await client.query("select to_regclass('drizzle.__drizzle_migrations') as name");
    const applied = exists.rows[0]?.name ? new Set((await client.query('select created_at from drizzle.__drizzle_migrations')).rows.map((row: { created_at: string }) => Number(row.created_at))) : new Set<number>();
    return journal.entries.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs the migrations on a PostgreSQL database, on a connection of its own with no statement
 * timeout (a migration may take long). Instances starting together take turns: the second finds
 * nothing left to do.
 */
export async function migrateDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('kh:migrations'))");
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('kh:migrations'))").catch(() => undefined);
    await client.end().catch(() => undefined);
  }
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

/**
 * How long the server waits on PostgreSQL: a connection, a statement, a transaction left idle. A
 * database that does not answer (a restart, a network partition) fails a request in seconds, as a
 * 503, instead of holding it; the pool then connects again by itself once the database is back.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 30_000, idleInTransactionMs: 60_000 };

/** Something to say that a pool's idle connection failed (the database restarted under it): the pool replaces it. */
export type PoolErrorListener = (error: Error) => void;

export async function openDatabase({
  dataDir,
  databaseUrl,
  logger,
  timeouts = DEFAULT_DATABASE_TIMEOUTS,
  onPoolError = () => undefined,
  migrate = true,
}: {
  dataDir: string;
  databaseUrl?: string;
  logger?: QueryLogger;
  timeouts?: DatabaseTimeouts;
  onPoolError?: PoolErrorListener;
  /** Run the migrations first (the default; production runs them once per release: `node dist/migrate.js`). */
  migrate?: boolean;
}): Promise<OpenDatabase> {
  // memory:// keeps the embedded database in memory (tests that need no restart, the OpenAPI export).
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      // The server enforces the first two; the client gives up a little later on a server that went silent.
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      query_timeout: timeouts.statementMs + 5_000,
      keepAlive: true,
    });
    // Without a listener, an idle connection's error (the database restarting) ends the process; so
    // does one on a connection checked out between two statements of a transaction (awaiting the file
    // storage, say), which the pool does not listen to: every connection gets one as it is made.
    pool.on('error', onPoolError);
    pool.on('connect', (client) => void client.on('error', onPoolError));
    const db = drizzlePg(pool, { schema, logger });
    if (migrate) await migrateDatabase(databaseUrl);
    return { db: db as unknown as Database, kind: 'postgres', pool, close: () => pool.end() };
  }
  const inMemory = dataDir === 'memory://';
  const dir = inMemory ? undefined : join(dataDir, 'pg');
  if (dir) mkdirSync(dir, { recursive: true });
  const unlock = dir ? lockFolder(dir) : () => undefined;
  let embedded: EmbeddedPostgres | undefined;
  try {
    const copy = inMemory ? migratedCopyPath() : undefined;
    const fromCopy = copy !== undefined && existsSync(copy);
    embedded = await startEmbeddedPostgres(dir, fromCopy ? copy : undefined).catch((error) => {
      if (!fromCopy) throw error;
      // A copy that does not load (cut short by a full disk, say) is made again below.
      rmSync(copy, { force: true });
      return startEmbeddedPostgres(dir, undefined);
    });
    const pool = new pg.Pool({ host: embedded.socketDir, port: EMBEDDED_PORT, user: 'postgres', database: 'postgres', max: EMBEDDED_CONNECTIONS });
    pool.on('error', onPoolError);
    const db = drizzlePg(pool, { schema, logger });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    if (copy !== undefined && !existsSync(copy)) await embedded.saveCopy(copy);
    const running = embedded;
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      pool,
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

let migrationsHash: string | undefined;
/**
 * Where an in-memory database (memory://: the tests', the OpenAPI export's) starts from: a copy of
 * one already migrated, in the temp folder, named by the migrations and the PGlite it holds. A test
 * run opens hundreds of databases; PGlite's first start and the migrations take seconds each time,
 * the copy's load a fraction of one. A database on disk is the operator's and starts as PGlite makes it.
 */
export function migratedCopyPath(): string {
  if (!migrationsHash) {
    const hash = createHash('sha256');
    // The resolved path names PGlite's version (pnpm's store folder).
    hash.update(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const journal = readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8');
    hash.update(journal);
    for (const entry of (JSON.parse(journal) as { entries: { tag: string }[] }).entries) hash.update(readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`)));
    migrationsHash = hash.digest('hex').slice(0, 16);
  }
  return join(tmpdir(), `kh-migrated-pglite-${migrationsHash}.tar`);
}

interface EmbeddedPostgres {
  socketDir: string;
  /** Saves the database as it is to `path`, for `startEmbeddedPostgres` to start from. */
  saveCopy(path: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts PGlite in a worker thread, listening on a Unix socket in a folder only this user can open. */
async function startEmbeddedPostgres(dataDir: string | undefined, startFrom: string | undefined): Promise<EmbeddedPostgres> {
  const socketDir = mkdtempSync(join(tmpdir(), 'kh-pg-'));
  const worker = new Worker(new URL('./embedded-postgres.worker.mjs', import.meta.url), {
    workerData: { dataDir, startFrom, socketPath: join(socketDir, `.s.PGSQL.${EMBEDDED_PORT}`) },
  });
  const answer = (key: 'ready' | 'saved' | 'stopped') =>
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
  const saveCopy = async (path: string) => {
    const saved = answer('saved');
    worker.postMessage({ saveCopy: path });
    await saved;
  };
  return { socketDir, saveCopy, stop };
}

/** The rows of `db.execute`: node-postgres and PGlite answer `{ rows }`, other drivers the array. */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));
