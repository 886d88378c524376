// The OpenAPI document of the whole server, built from its route schemas with the default
// configuration (so the file does not depend on who generates it).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { extraServices } from './services.ts';

export const OPENAPI_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

export async function openApiDocument(): Promise<unknown> {
  // No web app: its static files are not API.
  const config = loadConfig({}, { signingSecret: 'openapi', publicOrigin: 'https://open.broker.example', webDist: '/nonexistent', consoleDist: '/nonexistent' });
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({ config, db: database.db, extraServices: extraServices(config) });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
  }
}
