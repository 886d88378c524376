// An open load at a steady rate: request i is due at start + i / rate, whatever became of the ones
// before, and its latency counts from when it was due (a late send is the server's delay too, so a
// stall is not hidden: no coordinated omission). autocannon's `overallRate` is no such load: each
// connection sends its share of a second back to back when the second starts, so its "steady" figure
// measured one burst a second.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface SteadyLoad {
  baseUrl: string;
  path: string;
  /** Requests a second. */
  rate: number;
  seconds: number;
  /** Open connections, one an applicant: request i goes as applicant i mod connections. */
  connections: number;
  /** The body, or applicant n's own (a step whose values each applicant holds alone). */
  body: string | ((applicant: number) => string);
  /** Headers of applicant n (a session cookie). */
  headersOf(applicant: number): Record<string, string>;
}

export interface SteadyResult {
  sent: number;
  ok: number;
  non2xx: number;
  timeouts: number;
  errors: number;
  /** Answered per second over the run. */
  answeredPerSecond: number;
  p50: number;
  p99: number;
  max: number;
}

const TIMEOUT_MS = 10_000;

export async function steadyLoad({ baseUrl, path, rate, seconds, connections, body: bodyGiven, headersOf }: SteadyLoad): Promise<SteadyResult> {
  const bodyOf = typeof bodyGiven === 'string' ? () => bodyGiven : bodyGiven;
  const pool = new Pool(baseUrl, { connections, pipelining: 1, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const counts = { ok: 0, non2xx: 0, timeouts: 0, errors: 0 };
  // Every applicant's connection is open before the clock starts: a steady state, not 200 handshakes.
  await Promise.all(Array.from({ length: connections }, (_, n) => pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json', ...headersOf(n) }, body: bodyOf(n) }).then(({ body: answer }) => answer.dump())));
  const send = (i: number, due: number, record: boolean) =>
    pool
      .request({ path, method: 'POST', headers: { 'content-type': 'application/json', ...headersOf(i % connections) }, body: bodyOf(i % connections) })
      .then(async ({ statusCode, body: answer }) => {
        await answer.dump();
        if (!record) return;
        latencies.push(performance.now() - due);
        if (statusCode >= 200 && statusCode < 300) counts.ok++;
        else counts.non2xx++;
      })
      .catch((error: { code?: string }) => {
        if (!record) return;
        if (error.code === 'UND_ERR_HEADERS_TIMEOUT' || error.code === 'UND_ERR_BODY_TIMEOUT') counts.timeouts++;
        else counts.errors++;
      });

  /** Offers `count` requests at the rate from now on; only recorded ones count. */
  async function offer(count: number, record: boolean) {
    const inFlight: Promise<void>[] = [];
    const start = performance.now();
    for (let i = 0; i < count; ) {
      const now = performance.now();
      // Everything due by now goes now; the timer wakes about once a millisecond.
      for (; i < count && start + (i * 1000) / rate <= now; i++) inFlight.push(send(i, start + (i * 1000) / rate, record));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(inFlight);
    return (performance.now() - start) / 1000;
  }

  // A second at the rate, not counted, reaches the steady state (connections warm, code optimised).
  await offer(Math.round(rate), false);
  const elapsed = await offer(total, true);
  await pool.close();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN);
  return { sent: total, ...counts, answeredPerSecond: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? NaN) };
}
