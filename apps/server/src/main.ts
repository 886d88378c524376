// PORT=<n> DATA_DIR=<folder> pnpm --filter server start: the API on 127.0.0.1 with the embedded database.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { extraServices } from './services.ts';
import { CONSOLE_DIST, WEB_DIST } from './web.ts';

let config: ServerConfig;
try {
  config = loadConfig(process.env, { webDist: process.env.KH_WEB_DIST ?? WEB_DIST, consoleDist: process.env.KH_CONSOLE_DIST ?? CONSOLE_DIST });
} catch (error) {
  // A wrong setting is said in one line, not as a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const database = await openDatabase(config);
const app = await buildApp({ config, db: database.db, logger: { level: process.env.LOG_LEVEL ?? 'info' }, extraServices: extraServices(config) });
const shutdown = async () => {
  // In-flight requests finish; a keep-alive socket that never goes idle is cut after 10 s, not waited for.
  const deadline = setTimeout(() => app.server.closeAllConnections(), 10_000);
  await app.close();
  clearTimeout(deadline);
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
await app.listen({ host: config.host, port: config.port });
app.log.info({ database: database.kind, dataDir: config.dataDir, dev: config.dev }, 'ready');
