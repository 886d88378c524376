// PORT=<n> DATA_DIR=<folder> pnpm --filter server start: the API, with the embedded database or
// DATABASE_URL's PostgreSQL. Everything it writes is a JSON line (pino), failures through the one
// redaction policy. A database not reachable at start is tried again with backoff; on SIGTERM the
// server says it is not ready, keeps serving for the drain, then closes.
import './v8-tuning.ts';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { openDatabase, pendingMigrations, type OpenDatabase } from './db/database.ts';
import { databaseFailure, logDependencyFailure } from './http/dependencies.ts';
import { loggerRedaction, safeError } from './observability/redaction.ts';
import { BUILD } from './observability/build-info.ts';
import { extraServices } from './services.ts';
import { bootstrapAdmin } from './staff/index.ts';
import { lintLiveVersions } from './studio/index.ts';
import { CONSOLE_DIST, WEB_DIST } from './pages/index.ts';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info', ...loggerRedaction });
// Node's own warnings (a library's deprecation notice) as JSON lines too, not free text on stderr.
process.removeAllListeners('warning');
process.on('warning', (warning) => log.warn({ warning: warning.name, reason: warning.message }, 'process warning'));

let config: ServerConfig;
try {
  config = loadConfig(process.env, { webDist: process.env.KH_WEB_DIST ?? WEB_DIST, consoleDist: process.env.KH_CONSOLE_DIST ?? CONSOLE_DIST });
} catch (error) {
  // A wrong setting is said in one line, not as a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  log.fatal({ setting: error.message.split(':')[0] }, error.message);
  process.exit(1);
}
if (config.production && !config.s3) log.warn({ setting: 'KH_S3_BUCKET' }, 'KH_S3_BUCKET is not set: files are kept in DATA_DIR, which no second instance can share. Run one instance only, or set KH_S3_BUCKET.');

/** The database, tried again with backoff while it cannot be reached (it may start after us), one line per try. */
async function databaseWhenReachable(): Promise<OpenDatabase> {
  const until = Date.now() + config.operations.startRetrySeconds * 1000;
  for (let attempt = 1, waitMs = 500; ; attempt++, waitMs = Math.min(waitMs * 2, 10_000)) {
    try {
      if (config.databaseUrl && !config.operations.migrateOnStart) {
        const pending = await pendingMigrations(config.databaseUrl);
        if (pending.length > 0) {
          log.fatal({ pending }, `The database lacks this release's migrations (${pending.join(', ')}): run node dist/migrate.js first.`);
          process.exit(1);
        }
      }
      return await openDatabase({
        ...config,
        timeouts: config.operations.database,
        migrate: config.operations.migrateOnStart,
        onPoolError: (error) => logDependencyFailure(log, { dependency: 'database', reason: databaseFailure(error) ?? error.message.slice(0, 80) }, { part: 'idle connection' }),
      });
    } catch (error) {
      const reason = databaseFailure(error);
      if (!reason || Date.now() + waitMs > until) {
        log.fatal({ err: safeError(error) }, 'the database could not be opened');
        process.exit(1);
      }
      log.warn({ dependency: 'database', reason, attempt, retryInMs: waitMs }, 'database not reachable yet');
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

const database = await databaseWhenReachable();
const bootstrapped = await bootstrapAdmin(database.db, config.bootstrapAdmin);
if (bootstrapped === 'created') log.warn({ setting: 'KH_BOOTSTRAP_ADMIN_EMAIL' }, 'the first admin was created with a one-time password: sign in at /console/ to choose your own, then unset KH_BOOTSTRAP_ADMIN_PASSWORD');
const app = await buildApp({ config, db: database.db, logger: log, extraServices: extraServices(config) });

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  // Not ready from now: the load balancer stops sending new requests while these finish.
  app.kh.lifecycle.draining = true;
  log.info({ signal, drainSeconds: config.operations.drainSeconds }, 'draining');
  await new Promise((resolve) => setTimeout(resolve, config.operations.drainSeconds * 1000));
  // In-flight requests finish; a keep-alive socket that never goes idle is cut after 10 s, not waited for.
  const deadline = setTimeout(() => app.server.closeAllConnections(), 10_000);
  await app.close();
  clearTimeout(deadline);
  await database.close();
  log.info('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
await app.listen({ host: config.host, port: config.port });
log.info({ database: database.kind, dataDir: config.dataDir, dev: config.dev, version: BUILD.version, commit: BUILD.commit }, 'ready');
// In the studio's worker, off the event loop: the editors' first steps list finds every lint made.
void lintLiveVersions(app.kh.db, app.kh.studio).catch((error: unknown) => log.warn({ err: safeError(error) }, 'studio lints not made at start'));
