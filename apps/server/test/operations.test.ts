// What an operator runs and reads: /version and the build_info metric, a proxy's request id followed,
// readiness that turns 503 first on SIGTERM while requests are still served, the job queue's and the
// database pool's health in /metrics, a wrong setting said in one JSON line, a database that is not
// up yet waited for, and migrations as their own command that a release's start requires.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@kh/testing';
import { POSTGRES_URL, startServer, type TestServer } from './harness.ts';
import { ownClusterAvailable, startOwnCluster } from './support/postgres-cluster.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the server (or a command) from the sources as production would, collecting its output lines. */
function run(script: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)));
  child.stderr!.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output, exited };
}

async function untilLogged(output: string[], msg: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!output.some((line) => line.includes(`"msg":"${msg}"`))) {
    if (Date.now() > deadline) throw new Error(`no "${msg}" line within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function answersAt(url: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('what is running, and which request', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('/version names the version, commit and build time; the build_info metric says the same; neither is the app', async () => {
    const res = await fetch(`${server.baseUrl}/version`);
    expect(res.headers.get('content-type')).toMatch(/json/);
    const version = await res.json();
    expect(version).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), commit: expect.any(String), builtAt: expect.any(String), environment: expect.stringMatching(/^(dev|feature|daily|beta|uat|prod)$/) });
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toContain(`kh_build_info{version="${version.version}",commit="${version.commit}",built_at="${version.builtAt}"} 1`);
  });

  it('a proxy\'s X-Request-Id follows the request; one that is too long or strange is replaced', async () => {
    expect((await fetch(`${server.baseUrl}/healthz`, { headers: { 'x-request-id': 'lb-7f3a.2:9' } })).headers.get('x-request-id')).toBe('lb-7f3a.2:9');
    for (const given of ['a'.repeat(200), 'has spaces', '<script>']) expect((await fetch(`${server.baseUrl}/healthz`, { headers: { 'x-request-id': given } })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/metrics times the event loop to within 2 ms: an idle loop\'s shortest turn reads under 5 ms (a 10 ms sampling showed every block up to 10 ms longer)', async () => {
    await fetch(`${server.baseUrl}/metrics`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const shortest = Number(/^kh_nodejs_eventloop_lag_min_seconds (\S+)$/m.exec(metrics)?.[1]);
    expect(shortest).toBeGreaterThanOrEqual(0);
    expect(shortest).toBeLessThan(0.005);
  });

  it('/metrics shows the job queue (waiting, oldest age, failed) and the database pool (in use, waiting)', async () => {
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    for (const name of ['kh_queue_depth{queue="notify"}', 'kh_queue_oldest_job_age_seconds{queue="notify"}', 'kh_queue_failed_jobs{queue="notify-dead"}', 'kh_db_pool_connections_in_use', 'kh_db_pool_waiting']) expect(metrics, name).toContain(name);
  });
});

describe('settings', () => {
  it('a numeric setting that is not a number stops the start in one JSON line naming it', async () => {
    for (const [name, value] of [['PORT', 'abc'], ['KH_JOB_RETRY_LIMIT', 'lots'], ['KH_SMS_PER_IP_PER_HOUR', 'abc']]) {
      const started = run('src/main.ts', { [name]: value, DATA_DIR: mkdtempSync(join(tmpdir(), 'kh-settings-')) });
      expect(await started.exited).toBe(1);
      expect(started.output).toHaveLength(1);
      expect(JSON.parse(started.output[0]!)).toMatchObject({ level: 60, msg: `${name}: "${value}" is not a whole number from ${name === 'PORT' ? '0 to 65535' : '0 to 9007199254740991'}` });
    }
  });
});

describe.runIf(POSTGRES_URL && ownClusterAvailable)('a release on PostgreSQL', () => {
  it('waits for a database that is not up yet, one line per try; then serves', async () => {
    const port = await freePort();
    const cluster = startOwnCluster(port);
    cluster.stop();
    const serverPort = await freePort();
    const server = run('src/main.ts', { DATABASE_URL: cluster.url, PORT: String(serverPort), DATA_DIR: mkdtempSync(join(tmpdir(), 'kh-wait-')), KH_DB_START_RETRY_SECONDS: '60' });
    try {
      // Start the database only once the server has tried and logged its first refusal: on a busy
      // machine the server's own start can outlast a fixed wait and meet a database still starting.
      await untilLogged(server.output, 'database not reachable yet', 30_000);
      cluster.start();
      expect(await answersAt(`http://127.0.0.1:${serverPort}/readyz`, 30_000)).toBe(true);
      const waited = server.output.map((line) => JSON.parse(line)).filter((line) => line.msg === 'database not reachable yet');
      expect(waited.length).toBeGreaterThan(0);
      expect(waited[0]).toMatchObject({ dependency: 'database', attempt: 1, reason: 'ECONNREFUSED' });
    } finally {
      server.child.kill('SIGKILL');
      cluster.remove();
    }
  }, 90_000);

  it('production refuses to start before this release\'s migrations ran; `migrate` runs them once; then it starts', async () => {
    const cluster = startOwnCluster(await freePort());
    const serverPort = await freePort();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: cluster.url,
      PORT: String(serverPort),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kh-release-')),
      KH_PUBLIC_ORIGIN: 'https://open.broker.example',
      KH_CONSOLE_ORIGIN: 'https://console.broker.example',
      KH_SIGNING_SECRET: 'release-test-signing-secret-32-characters',
      KH_SMS_URL: 'http://127.0.0.1:9/sms',
      KH_SMS_API_KEY: 'key',
      KH_SMTP_URL: 'smtp://127.0.0.1:9',
      KH_MAIL_FROM: 'Broker <no-reply@broker.example>',
      KH_METRICS_TOKEN: 'metrics-token-for-the-test',
      KH_SANDBOX: '1',
      KH_S3_BUCKET: '',
      KH_DRAIN_SECONDS: '2',
    };
    try {
      const early = run('src/main.ts', env);
      expect(await early.exited).toBe(1);
      expect(early.output.map((line) => JSON.parse(line).msg).join('\n')).toMatch(/The database lacks this release's migrations \(.*0000_initial.*\): run node dist\/migrate\.js first\./);

      const migrated = run('src/migrate.ts', { DATABASE_URL: cluster.url });
      expect(await migrated.exited).toBe(0);
      expect(JSON.parse(migrated.output.at(-1)!)).toMatchObject({ msg: 'migrations run', ran: expect.arrayContaining(['0000_initial', '0015_staff_duties']) });
      const again = run('src/migrate.ts', { DATABASE_URL: cluster.url });
      expect(await again.exited).toBe(0);
      expect(JSON.parse(again.output.at(-1)!)).toMatchObject({ msg: 'nothing to migrate', ran: [] });

      const server = run('src/main.ts', env);
      expect(await answersAt(`http://127.0.0.1:${serverPort}/readyz`, 30_000)).toBe(true);
      // SIGTERM: not ready at once, still serving through the drain, then gone.
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 400));
      const ready = await fetch(`http://127.0.0.1:${serverPort}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ draining: true });
      expect((await fetch(`http://127.0.0.1:${serverPort}/healthz`)).status).toBe(200);
      expect(await server.exited).toBe(0);
      // Everything it wrote was a JSON line.
      for (const line of server.output) expect(() => JSON.parse(line), line).not.toThrow();
    } finally {
      cluster.remove();
    }
  }, 120_000);
});
