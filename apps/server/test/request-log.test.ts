// One log line per request, off the hot path: nothing at info for an ordinary request, a line at
// debug, and a warning naming the route for a failed one.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp, loadConfig, openDatabase } from '../src/index.ts';

async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: undefined });
  const app = await buildApp({ config: loadConfig({ KH_DEV: '1' }), db: database.db, logger: { level, stream } });
  return { app, lines, close: async () => (await app.close(), await database.close()) };
}

describe('request logging', () => {
  it('writes nothing at info for an ordinary request, one line at debug', async () => {
    const info = await appLogging('info');
    await info.app.inject({ method: 'GET', url: '/healthz' });
    expect(info.lines.filter((l) => l.msg === 'request' || l.msg === 'request completed' || l.msg === 'incoming request')).toEqual([]);
    await info.close();
    const debug = await appLogging('debug');
    await debug.app.inject({ method: 'GET', url: '/healthz' });
    expect(debug.lines.filter((l) => l.msg === 'request')).toEqual([expect.objectContaining({ method: 'GET', route: '/healthz', statusCode: 200 })]);
    await debug.close();
  });
  it('warns of a failed request with its route and time', async () => {
    const info = await appLogging('info');
    info.app.get('/boom-for-the-log-test', async () => {
      throw new Error('boom');
    });
    await info.app.inject({ method: 'GET', url: '/boom-for-the-log-test' });
    expect(info.lines.find((l) => l.msg === 'request failed or slow')).toMatchObject({ level: 40, route: '/boom-for-the-log-test', statusCode: 500 });
    await info.close();
  });
});
