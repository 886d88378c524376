// pnpm --filter @kh/server bench: step saves (fill-data) at 200 concurrent applicants against the
// real server in its own process, beside the same server's cheapest route (/healthz) in the same run.
// Every form step is saved by every applicant (each with their own values, files and a verified
// identity, as the app would), a short burst per step finds the slowest, and that one is measured
// in full: saves/s, p99, timeouts and the server's longest event-loop block during the load.
// A goal missed sets the exit code.
// It runs on the embedded PGlite, then on PostgreSQL (a fresh database) at BENCH_DATABASE_URL or, if
// one answers there, the CI's 127.0.0.1:5432; BENCH_DATABASE=pglite or =postgres runs one of them.
// BENCH_PROFILE=<dir> writes the server's CPU profile.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { freePort } from '@kh/testing';
import { type FormStep } from '../test/fixtures.ts';
import { answeredApplicant, FORM_STEPS } from './answered-applicant.ts';
import { steadyLoad } from './steady-load.ts';
import { postgresUrl, serverDir, startServer, stopped, waitUntilUp } from './bench-server.ts';
import { dropPostgresDatabase, freshPostgresDatabase } from '../test/harness.ts';
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Each step's burst, to find the slowest. */
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 3);

/** The bare route of floor-server.ts on its own fresh database. */
async function startFloorServer(adminUrl: string) {
  const port = await freePort();
  const databaseUrl = await freshPostgresDatabase(adminUrl);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/floor-server.ts'], { cwd: serverDir, env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl }, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(baseUrl, '/save', 'POST');
  return { baseUrl, pid: child.pid!, dispose: async () => (await stopped(child), await dropPostgresDatabase(adminUrl, databaseUrl)) };
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

function load(baseUrl: string, path: string, options: { method: 'GET' | 'POST'; cookies?: string[]; body?: string; bodies?: string[]; seconds?: number }) {
  let next = 0;
  return autocannon({
    url: `${baseUrl}${path}`,
    connections: APPLICANTS,
    duration: options.seconds ?? SECONDS,
    timeout: 10,
    method: options.method,
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: options.body,
    // Each connection is one applicant with their own session.
    requests: options.cookies
      ? [
          {
            setupRequest: (request, context: { n?: number }) => {
              context.n ??= next++ % options.cookies!.length;
              return { ...request, headers: { ...request.headers, cookie: options.cookies![context.n] }, ...(options.bodies ? { body: options.bodies[context.n] } : {}) };
            },
          },
        ]
      : undefined,
  });
}

/** The applicants' session cookies, as a steady load's headers. */
const cookieHeaders = (cookies: string[], origin: string) => (n: number) => ({ cookie: cookies[n]!, origin });

const rate = (r: autocannon.Result) => Math.round(r.requests.average);

/** The goal's rate, offered steadily (steady-load.ts): the latency an applicant meets when the server is busy but not saturated. */
async function steadyLine(baseUrl: string, cookies: string[], bodies: string[], goal: number, step: FormStep): Promise<string> {
  const steady = await steadyLoad({ baseUrl, path: '/kh/account/apply/fill-data', rate: goal, seconds: SECONDS, connections: APPLICANTS, body: (n) => bodies[n]!, headersOf: cookieHeaders(cookies, baseUrl) });
  const blocked = await eventLoopMaxMs(baseUrl);
  const met = steady.p99 <= 50 && steady.timeouts === 0 && steady.non2xx === 0 && steady.errors === 0;
  if (!met) process.exitCode = 1;
  return `P3 ${step} step saves (the slowest) offered at a steady ${goal}/s, PostgreSQL: ${steady.answeredPerSecond}/s answered (non-2xx ${steady.non2xx}, timeouts ${steady.timeouts}, errors ${steady.errors}), p50 ${steady.p50} ms, p99 ${steady.p99} ms, max ${steady.max} ms; event loop blocked at most ${blocked} ms (goal p99 ≤ 50 ms) ${met ? 'met' : 'NOT MET'}`;
}

async function measureSaves(databaseUrl: string | undefined) {
  const server = await startServer(databaseUrl);
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const goal = databaseUrl ? 2000 : 1000;
  try {
    const people: Awaited<ReturnType<typeof answeredApplicant>>[] = [];
    // Ten at a time: each makes a dozen requests and an identity check.
    for (let i = 0; i < APPLICANTS; i += 10) people.push(...(await Promise.all(Array.from({ length: Math.min(10, APPLICANTS - i) }, (_, k) => answeredApplicant(server.baseUrl, i + k)))));
    const cookies = people.map((p) => p.cookie);
    const bodiesOf = (step: FormStep) => people.map((p) => p.bodies[step]);

    // Each step in a short burst: which is the slowest to save.
    const bursts: { step: FormStep; rate: number; p99: number; failed: number }[] = [];
    // BENCH_STEP=<step> measures that step alone (for a profile of it).
    for (const step of process.env.BENCH_STEP ? [process.env.BENCH_STEP as FormStep] : FORM_STEPS) {
      const burst = await load(server.baseUrl, '/kh/account/apply/fill-data', { method: 'POST', cookies, bodies: bodiesOf(step), seconds: STEP_SECONDS });
      bursts.push({ step, rate: rate(burst), p99: burst.latency.p99, failed: burst.non2xx + burst.timeouts + burst.errors });
    }
    console.log(`each step's saves at ${APPLICANTS} concurrent, ${STEP_SECONDS} s each, ${database}: ${bursts.map((b) => `${b.step} ${b.rate}/s p99 ${b.p99} ms${b.failed ? ` (${b.failed} failed)` : ''}`).join('; ')}`);
    const slowest = [...bursts].sort((a, b) => a.rate - b.rate)[0]!.step;
    const bodies = bodiesOf(slowest);

    await eventLoopMaxMs(server.baseUrl);
    const bare = await load(server.baseUrl, '/healthz', { method: 'GET' });
    // The same measure under a load that does nothing: what the machine itself (three busy processes on two cores) adds.
    const bareBlocked = await eventLoopMaxMs(server.baseUrl);
    // The steady line first, on a server that has not just been saturated (PostgreSQL vacuums for seconds after that).
    const steady = databaseUrl ? await steadyLine(server.baseUrl, cookies, bodies, goal, slowest) : undefined;
    const { result: saves, cpuMsPerRequest } = await measured(server.pid, () => load(server.baseUrl, '/kh/account/apply/fill-data', { method: 'POST', cookies, bodies }));
    const blocked = await eventLoopMaxMs(server.baseUrl);
    const met = rate(saves) >= goal && saves.timeouts === 0 && saves.non2xx === 0 && saves.errors === 0 && blocked <= 50;
    if (!met) process.exitCode = 1;
    console.log(
      `P3 ${slowest} step saves (the slowest) at ${APPLICANTS} concurrent, ${database}: ${rate(saves)}/s (2xx ${saves['2xx']}, non-2xx ${saves.non2xx}, timeouts ${saves.timeouts}, errors ${saves.errors}), p50 ${saves.latency.p50} ms, p99 ${saves.latency.p99} ms; event loop blocked at most ${blocked} ms; server CPU ${cpuMsPerRequest.toFixed(2)} ms a save (goal ≥ ${goal}/s, 0 timeouts, ≤ 50 ms) ${met ? 'met' : 'NOT MET'}`,
    );
    if (steady) console.log(steady);
    console.log(`reference, /healthz on the same server: ${rate(bare)}/s, p99 ${bare.latency.p99} ms, event loop blocked at most ${bareBlocked} ms; ratio ${(rate(saves) / rate(bare)).toFixed(3)}`);
    if (!databaseUrl) return;
    // What this machine allows at all: the same two round trips with nothing else around them.
    await server.stop();
    const floor = await startFloorServer(databaseUrl);
    try {
      const floorCookies = Array.from({ length: APPLICANTS }, (_, i) => `s${i + 1}`);
      const floorSteady = await steadyLoad({ baseUrl: floor.baseUrl, path: '/save', rate: goal, seconds: SECONDS, connections: APPLICANTS, body: bodies[0]!, headersOf: cookieHeaders(floorCookies, floor.baseUrl) });
      const { result: floorSaves, cpuMsPerRequest: floorCpu } = await measured(floor.pid, () => load(floor.baseUrl, '/save', { method: 'POST', cookies: floorCookies, body: bodies[0] }));
      console.log(
        `floor, a bare Fastify route making a save's two round trips, one save each, on the same PostgreSQL: ${rate(floorSaves)}/s, p99 ${floorSaves.latency.p99} ms, server CPU ${floorCpu.toFixed(2)} ms a save; the product is ${(rate(saves) / rate(floorSaves)).toFixed(2)}× it`,
      );
      console.log(`floor offered a steady ${goal}/s: p50 ${floorSteady.p50} ms, p99 ${floorSteady.p99} ms`);
    } finally {
      await floor.dispose();
    }
  } finally {
    await server.dispose();
  }
}

if (process.env.BENCH_DATABASE !== 'postgres') await measureSaves(undefined);
const postgres = process.env.BENCH_DATABASE === 'pglite' ? undefined : await postgresUrl();
if (postgres) await measureSaves(postgres);
else if (process.env.BENCH_DATABASE !== 'pglite') console.log('P3 step saves on PostgreSQL: not measured (no PostgreSQL answers; start one with .ci/postgres.sh or set BENCH_DATABASE_URL)');
