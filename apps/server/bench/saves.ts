// pnpm --filter @kh/server bench: step saves (fill-data) at 200 concurrent applicants against the
// real server in its own process, beside the same server's cheapest route (/healthz) in the same run.
// Prints saves/s, p99, timeouts and the server's longest event-loop block during the load.
// It runs on the embedded PGlite, then on PostgreSQL (a fresh database) at BENCH_DATABASE_URL or, if
// one answers there, the CI's 127.0.0.1:5432; BENCH_DATABASE=pglite or =postgres runs one of them.
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
import { steadyLoad } from './steady-load.ts';

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

async function startServer(databaseUrl: string | undefined) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kh-bench-'));
  // BENCH_PROFILE=<dir> writes the server's CPU profile there (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: await freshDatabase(databaseUrl) } : {}), KH_DEV: '1', KH_DEV_PASSWORD: 'bench', KH_WEB_DIST: '/nonexistent', KH_CONSOLE_DIST: '/nonexistent' },
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

function load(baseUrl: string, path: string, options: { method: 'GET' | 'POST'; cookies?: string[]; body?: string }) {
  let next = 0;
  return autocannon({
    url: `${baseUrl}${path}`,
    connections: APPLICANTS,
    duration: SECONDS,
    timeout: 10,
    method: options.method,
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: options.body,
    // Each connection is one applicant with their own session.
    requests: options.cookies ? [{ setupRequest: (request, context: { cookie?: string }) => ((context.cookie ??= options.cookies![next++ % options.cookies!.length]), { ...request, headers: { ...request.headers, cookie: context.cookie } }) }] : undefined,
  });
}

/** The applicants' session cookies, as a steady load's headers. */
const cookieHeaders = (cookies: string[], origin: string) => (n: number) => ({ cookie: cookies[n]!, origin });

const rate = (r: autocannon.Result) => Math.round(r.requests.average);

/** The goal's rate, offered steadily (steady-load.ts): the latency an applicant meets when the server is busy but not saturated. */
async function steadyLine(baseUrl: string, cookies: string[], body: string, goal: number): Promise<string> {
  const steady = await steadyLoad({ baseUrl, path: '/kh/account/apply/fill-data', rate: goal, seconds: SECONDS, connections: APPLICANTS, body, headersOf: cookieHeaders(cookies, baseUrl) });
  const blocked = await eventLoopMaxMs(baseUrl);
  const met = steady.p99 <= 50 && steady.timeouts === 0 && steady.non2xx === 0 && steady.errors === 0;
  return `P3 step saves offered at a steady ${goal}/s, PostgreSQL: ${steady.answeredPerSecond}/s answered (non-2xx ${steady.non2xx}, timeouts ${steady.timeouts}, errors ${steady.errors}), p50 ${steady.p50} ms, p99 ${steady.p99} ms, max ${steady.max} ms; event loop blocked at most ${blocked} ms (goal p99 ≤ 50 ms) ${met ? 'met' : 'NOT MET'}`;
}

async function measureSaves(databaseUrl: string | undefined) {
  const server = await startServer(databaseUrl);
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const goal = databaseUrl ? 1500 : 1000;
  try {
    const cookies: string[] = [];
    for (let i = 0; i < APPLICANTS; i++) cookies.push(await applicant(server.baseUrl, i));
    const investment = { investmentTerm: 2, riskTolerance: 2, objectives: ['1', '5'], experience: 2, hasOtherCds: false };
    const body = JSON.stringify({ fillStep: STEP_CODES.investment, relatedType: 'INIT', data: payloadOf('investment', investment) });

    await eventLoopMaxMs(server.baseUrl);
    const bare = await load(server.baseUrl, '/healthz', { method: 'GET' });
    await eventLoopMaxMs(server.baseUrl);
    // The steady line first, on a server that has not just been saturated (PostgreSQL vacuums for seconds after that).
    const steady = databaseUrl ? await steadyLine(server.baseUrl, cookies, body, goal) : undefined;
    const { result: saves, cpuMsPerRequest } = await measured(server.pid, () => load(server.baseUrl, '/kh/account/apply/fill-data', { method: 'POST', cookies, body }));
    const blocked = await eventLoopMaxMs(server.baseUrl);
    const met = rate(saves) >= goal && saves.timeouts === 0 && saves.non2xx === 0 && saves.errors === 0 && blocked <= 50;
    console.log(
      `P3 step saves at ${APPLICANTS} concurrent, ${database}: ${rate(saves)}/s (2xx ${saves['2xx']}, non-2xx ${saves.non2xx}, timeouts ${saves.timeouts}, errors ${saves.errors}), p50 ${saves.latency.p50} ms, p99 ${saves.latency.p99} ms; event loop blocked at most ${blocked} ms; server CPU ${cpuMsPerRequest.toFixed(2)} ms a save (goal ≥ ${goal}/s, 0 timeouts, ≤ 50 ms) ${met ? 'met' : 'NOT MET'}`,
    );
    if (steady) console.log(steady);
    console.log(`reference, /healthz on the same server: ${rate(bare)}/s, p99 ${bare.latency.p99} ms; ratio ${(rate(saves) / rate(bare)).toFixed(3)}`);
    if (!databaseUrl) return;
    // What this machine allows at all: the same two round trips with nothing else around them.
    server.stop();
    const floor = await startFloorServer(databaseUrl);
    try {
      const floorCookies = Array.from({ length: APPLICANTS }, (_, i) => `s${i + 1}`);
      const floorSteady = await steadyLoad({ baseUrl: floor.baseUrl, path: '/save', rate: goal, seconds: SECONDS, connections: APPLICANTS, body, headersOf: cookieHeaders(floorCookies, floor.baseUrl) });
      const { result: floorSaves, cpuMsPerRequest: floorCpu } = await measured(floor.pid, () => load(floor.baseUrl, '/save', { method: 'POST', cookies: floorCookies, body }));
      console.log(
        `floor, a bare Fastify route making a save's two round trips, one save each, on the same PostgreSQL: ${rate(floorSaves)}/s, p99 ${floorSaves.latency.p99} ms, server CPU ${floorCpu.toFixed(2)} ms a save; the product is ${(rate(saves) / rate(floorSaves)).toFixed(2)}× it`,
      );
      console.log(`floor offered a steady ${goal}/s: p50 ${floorSteady.p50} ms, p99 ${floorSteady.p99} ms`);
    } finally {
      floor.stop();
    }
  } finally {
    server.stop();
  }
}

/** PostgreSQL: BENCH_DATABASE_URL, else the CI's server (.ci/postgres.sh) when one answers there. */
async function postgresUrl(): Promise<string | undefined> {
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

if (process.env.BENCH_DATABASE !== 'postgres') await measureSaves(undefined);
const postgres = process.env.BENCH_DATABASE === 'pglite' ? undefined : await postgresUrl();
if (postgres) await measureSaves(postgres);
else if (process.env.BENCH_DATABASE !== 'pglite') console.log('P3 step saves on PostgreSQL: not measured (no PostgreSQL answers; start one with .ci/postgres.sh or set BENCH_DATABASE_URL)');
