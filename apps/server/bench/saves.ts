// pnpm --filter @kh/server bench: step saves (fill-data) at 200 concurrent applicants against the
// real server in its own process, beside the same server's cheapest route (/healthz) in the same run.
// Prints saves/s, p99, timeouts and the server's longest event-loop block during the load.
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (a fresh database); else the embedded PGlite.
// BENCH_PROFILE=<dir> writes the server's CPU profile.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '@kh/testing';
import { payloadOf, STEP_CODES } from '../test/fixtures.ts';

// BENCH_SERVER_DIR runs another checkout's server (a before-and-after in one sitting).
const serverDir = process.env.BENCH_SERVER_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '..');
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function freshDatabase(adminUrl: string): Promise<string> {
  const name = `kh_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitUntilUp(baseUrl: string, path: string, method = 'GET') {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${baseUrl}${path}`, { method }).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The bare route of floor-server.ts on its own fresh database. */
async function startFloorServer(adminUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/floor-server.ts'], { cwd: serverDir, env: { ...process.env, PORT: String(port), DATABASE_URL: await freshDatabase(adminUrl) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(baseUrl, '/save', 'POST');
  return { baseUrl, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kh-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ? await freshDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  // BENCH_PROFILE=<dir> writes the server's CPU profile there (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), KH_DEV: '1', KH_DEV_PASSWORD: 'bench', KH_WEB_DIST: '/nonexistent', KH_CONSOLE_DIST: '/nonexistent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(baseUrl, '/healthz');
  return { baseUrl, pid: child.pid!, stop: () => (child.kill('SIGTERM'), rmSync(dataDir, { recursive: true, force: true })) };
}

/** One applicant: a session cookie and an application to save into. */
async function applicant(baseUrl: string, n: number): Promise<string> {
  const login = await fetch(`${baseUrl}/passport/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl }, body: new URLSearchParams({ mobile: `12${String(3000000 + n)}`, countryCode: '60', password: 'bench' }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const created = await fetch(`${baseUrl}/kh/account/apply/create`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify({ relatedType: 'INIT' }) });
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
  return cookie;
}

/** The server's longest event-loop block since the last scrape (prom-client resets it on each). */
async function eventLoopMaxMs(baseUrl: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return Math.round(Number(/^kh_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1] ?? NaN) * 1000);
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A load, with the server's CPU per request (ms): what the server itself spends, apart from the database. */
async function measured(pid: number, run: () => Promise<autocannon.Result>) {
  const before = cpuSeconds(pid);
  const result = await run();
  return { result, cpuMsPerRequest: ((cpuSeconds(pid) - before) * 1000) / Math.max(1, result.requests.total) };
}

function load(baseUrl: string, path: string, options: { method: 'GET' | 'POST'; cookies?: string[]; body?: string; ratePerSecond?: number }) {
  let next = 0;
  return autocannon({
    url: `${baseUrl}${path}`,
    connections: APPLICANTS,
    // A steady offered rate (open load) instead of as fast as the server answers.
    overallRate: options.ratePerSecond,
    duration: SECONDS,
    timeout: 10,
    method: options.method,
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: options.body,
    // Each connection is one applicant with their own session.
    requests: options.cookies ? [{ setupRequest: (request, context: { cookie?: string }) => ((context.cookie ??= options.cookies![next++ % options.cookies!.length]), { ...request, headers: { ...request.headers, cookie: context.cookie } }) }] : undefined,
  });
}

const server = await startServer();
try {
  const cookies: string[] = [];
  for (let i = 0; i < APPLICANTS; i++) cookies.push(await applicant(server.baseUrl, i));
  const investment = { investmentTerm: 2, riskTolerance: 2, objectives: ['1', '5'], experience: 2, hasOtherCds: false };
  const body = JSON.stringify({ fillStep: STEP_CODES.investment, relatedType: 'INIT', data: payloadOf('investment', investment) });

  await eventLoopMaxMs(server.baseUrl);
  const bare = await load(server.baseUrl, '/healthz', { method: 'GET' });
  await eventLoopMaxMs(server.baseUrl);
  const { result: saves, cpuMsPerRequest } = await measured(server.pid, () => load(server.baseUrl, '/kh/account/apply/fill-data', { method: 'POST', cookies, body }));
  const blocked = await eventLoopMaxMs(server.baseUrl);
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const rate = (r: autocannon.Result) => Math.round(r.requests.average);
  const goal = database === 'PostgreSQL' ? 1500 : 1000;
  const met = rate(saves) >= goal && saves.timeouts === 0 && blocked <= 50;
  console.log(`P3 step saves at ${APPLICANTS} concurrent, ${database}: ${rate(saves)}/s (2xx ${saves['2xx']}, non-2xx ${saves.non2xx}, timeouts ${saves.timeouts}, errors ${saves.errors}), p50 ${saves.latency.p50} ms, p99 ${saves.latency.p99} ms; event loop blocked at most ${blocked} ms; server CPU ${cpuMsPerRequest.toFixed(2)} ms a save (goal ≥ ${goal}/s, 0 timeouts, ≤ 50 ms) ${met ? 'met' : 'NOT MET'}`);
  if (database === 'PostgreSQL') {
    // The latency an applicant meets when the server is busy but not saturated: the goal's rate, offered steadily.
    const steady = await load(server.baseUrl, '/kh/account/apply/fill-data', { method: 'POST', cookies, body, ratePerSecond: goal });
    const steadyMet = steady.latency.p99 <= 50 && steady.timeouts === 0 && steady.non2xx === 0;
    console.log(`P3 step saves at a steady ${goal}/s, PostgreSQL: ${rate(steady)}/s answered (non-2xx ${steady.non2xx}, timeouts ${steady.timeouts}), p50 ${steady.latency.p50} ms, p99 ${steady.latency.p99} ms (goal p99 ≤ 50 ms) ${steadyMet ? 'met' : 'NOT MET'}`);
  }
  console.log(`reference, /healthz on the same server: ${rate(bare)}/s, p99 ${bare.latency.p99} ms; ratio ${(rate(saves) / rate(bare)).toFixed(3)}`);
  if (process.env.BENCH_DATABASE_URL) {
    // What this machine allows at all: the same two round trips with nothing else around them.
    server.stop();
    const floor = await startFloorServer(process.env.BENCH_DATABASE_URL);
    try {
      const floorCookies = Array.from({ length: APPLICANTS }, (_, i) => `s${i + 1}`);
      const bare = await measured(floor.pid, () => load(floor.baseUrl, '/save', { method: 'POST', cookies: floorCookies, body }));
      const bareSaves = bare.result;
      console.log(`floor, a bare Fastify route making a save's two round trips on the same PostgreSQL: ${rate(bareSaves)}/s, p99 ${bareSaves.latency.p99} ms, server CPU ${bare.cpuMsPerRequest.toFixed(2)} ms a save; the product is ${(rate(saves) / rate(bareSaves)).toFixed(2)} of it, and the goal (${goal}/s) is ${(goal / rate(bareSaves)).toFixed(2)}× it`);
      const bareSteady = await load(floor.baseUrl, '/save', { method: 'POST', cookies: floorCookies, body, ratePerSecond: goal });
      console.log(`floor at a steady ${goal}/s: p50 ${bareSteady.latency.p50} ms, p99 ${bareSteady.latency.p99} ms (what this machine allows the steady line)`);
    } finally {
      floor.stop();
    }
  }
} finally {
  server.stop();
}
