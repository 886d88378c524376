// What databases and object stores do every week, under load: two server processes behind a
// round-robin proxy, on one PostgreSQL (a cluster of this test's own, so it can be restarted) and
// one S3 server, with applicants saving steps, uploading and submitting. PostgreSQL is stopped and
// started mid-load, then the S3 server. Required: no process dies, requests meanwhile are 503 with
// Retry-After (never a 500), readiness is back within 10 s of each dependency returning, and every
// save, upload and submit the server acknowledged is there afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@kh/testing';
import { signFields } from '@kh/api';
import { STEP_CODES, answers, payloadOf, pngBytes, type FormStep } from './fixtures.ts';
import { POSTGRES_URL } from './harness.ts';
import { ownClusterAvailable, startOwnCluster, type PostgresCluster } from './support/postgres-cluster.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUCKET = 'kh-chaos';

interface Instance {
  port: number;
  process: ChildProcess;
  exited: number | null | undefined;
  output: string[];
}

/** One server process as production runs it (TypeScript through tsx here), on the shared database and bucket. */
function startInstance(port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: { ...process.env, ...env, PORT: String(port), KH_PUBLIC_ORIGIN: `http://127.0.0.1:${port}` }, stdio: ['ignore', 'pipe', 'pipe'] });
  const instance: Instance = { port, process: child, exited: undefined, output: [] };
  child.stdout!.on('data', (chunk: Buffer) => instance.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => instance.output.push(chunk.toString()));
  child.on('exit', (code) => (instance.exited = code));
  return instance;
}

/** A load balancer: each request to the next instance in turn; an instance that refuses the connection is a 502. */
function roundRobin(ports: number[]): Promise<{ server: Server; url: string }> {
  let next = 0;
  const server = createServer((req, res) => {
    const port = ports[next++ % ports.length];
    const upstream = httpRequest({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/** What the servers acknowledged, to look for afterwards; and what they answered that was not a 200. */
const acknowledged = { saves: [] as { applyId: string; step: FormStep; payload: Record<string, unknown> }[], uploads: [] as string[], submits: [] as string[] };
const answersSeen: { status: number; retryAfter: string | null; msg?: string }[] = [];

/** An applicant's browser through the proxy: cookies kept; a 502/503 or a dropped connection is tried again, as the app does. */
function applicantClient(base: string) {
  const jar = new Map<string, string>();
  // A form given as a function is made again for each try: a signed request takes a fresh nonce, as the app's does.
  async function call(method: string, path: string, body?: { json?: unknown; form?: Record<string, string> | (() => Promise<Record<string, string>>); multipart?: () => Promise<FormData> }) {
    const until = Date.now() + 45_000;
    let last = 'no connection';
    for (;;) {
      const headers: Record<string, string> = { accept: 'application/json' };
      let payload: BodyInit | undefined;
      if (body?.json !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body.json);
      } else if (body?.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(typeof body.form === 'function' ? await body.form() : body.form).toString();
      } else if (body?.multipart) payload = await body.multipart();
      // After the body: making it may have set the cookie (the device a nonce is bound to).
      if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(`${base}${path}`, { method, headers, body: payload, redirect: 'manual', signal: AbortSignal.timeout(20_000) }).catch(() => undefined);
      if (res) {
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          if (at > 0) jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const type = res.headers.get('content-type') ?? '';
        const data = type.includes('json') ? ((await res.json()) as { msg?: string; data?: Record<string, unknown> }) : await res.text();
        if (res.status >= 500) answersSeen.push({ status: res.status, retryAfter: res.headers.get('retry-after'), msg: (data as { msg?: string }).msg });
        last = `${res.status} ${typeof data === 'string' ? data.slice(0, 80) : JSON.stringify(data).slice(0, 200)}`;
        if (res.status !== 502 && res.status !== 503) return { status: res.status, body: data as { msg?: string; data?: Record<string, unknown> } & string };
      }
      if (Date.now() > until) throw new Error(`${method} ${path}: no answer for 45 s (last: ${last})`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return { call };
}

/** An applicant from login to a submitted application, recording every acknowledgement. */
async function journey(base: string, n: number): Promise<void> {
  const c = applicantClient(base);
  const mobile = `13${String(6000000 + n)}`;
  const signedSend = async () => {
    const nonce = (await c.call('POST', '/passport/sms/auth-code/nonce', { form: {} })).body.data!;
    // The sandbox's bot check passes the token its page would fetch.
    const signed = await signFields({ mobile, countryCode: '60', recaptchaToken: 'sandbox-human' }, nonce.key as string, { nonce: nonce.nonce as string });
    return Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)]));
  };
  const sent = await c.call('POST', '/passport/sms/auth-code/send', { form: signedSend });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const outbox = (await c.call('GET', '/dev/outbox')).body.data as unknown as { mobile: string; body: string }[];
  const code = /verification code is (\d{6})/.exec(outbox.find((m) => m.mobile === mobile)!.body)![1]!;
  expect((await c.call('POST', '/passport/sms/auth-code/use', { form: { mobile, countryCode: '60', code } })).status).toBe(200);
  const applyId = (await c.call('POST', '/kh/account/apply/create', { json: { relatedType: 'INIT' } })).body.data!.applyId as string;
  const uploadOne = async (name: string) => {
    const bytes = await pngBytes(40 + (n % 7), 30);
    const res = await c.call('POST', '/pdp/upload', { multipart: async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
      return form;
    } });
    expect(res.status).toBe(200);
    acknowledged.uploads.push(res.body.data!.filepath as string);
    return res.body.data!.filepath as string;
  };
  const files = { proof: await uploadOne('proof.png'), statement: await uploadOne('statement.png'), signature: await uploadOne('signature.png') };
  const data = answers(n, files, mobile);
  // The identity check through the sandbox provider's page.
  const init = await c.call('POST', '/ekyc/rest-api/ctos/init', { form: { relateType: 'INIT', relateId: applyId, responseUrl: '/iam/transit', documentName: 'TAN AH KOW', idKind: '106', documentNumber: String(data.identity.nricNumber) } });
  const provider = new URL(init.body.data!.h5RedirectUrl as string);
  await c.call('GET', `${provider.pathname}?t=${provider.searchParams.get('t')}`);
  const png = await pngBytes(80, 50);
  await c.call('POST', `${provider.pathname}/complete?t=${provider.searchParams.get('t')}`, { multipart: async () => {
    const form = new FormData();
    for (const name of ['front', 'back', 'selfie']) form.append(name, new Blob([new Uint8Array(png)], { type: 'image/png' }), `${name}.png`);
    for (const [key, value] of Object.entries({ name: 'TAN AH KOW', idNo: String(data.identity.nricNumber), gender: 'F', birthDate: '1990-01-01', nationality: 'MYS', idAddress: '3A LORONG BATU LANCHANG 8 11600 JELUTONG PULAU PINANG', outcome: 'success' })) form.append(key, value);
    return form;
  } });
  for (const step of ['contact', 'market', 'identity', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature'] as FormStep[]) {
    const payload = payloadOf(step, data[step]);
    const saved = await c.call('POST', '/kh/account/apply/fill-data', { json: { fillStep: STEP_CODES[step], relatedType: 'INIT', data: payload } });
    expect(saved.status, `${step}: ${JSON.stringify(saved.body)}`).toBe(200);
    acknowledged.saves.push({ applyId, step, payload });
  }
  const order = (await c.call('POST', '/money/payment/ghl/applyPay', { json: { relateId: applyId, merchantReturnURL: '/payment/transit' } })).body.data!.result as { redirectUrl: string };
  await c.call('POST', `${new URL(order.redirectUrl).pathname}/pay`, { form: { cardHolder: 'TAN AH KOW', cardNo: '4111111111111111', outcome: 'approve' } });
  const submitted = await c.call('POST', '/kh/account/apply/apply-submit', { json: { applyId } });
  expect(submitted.body.data!.status).toBe(2);
  acknowledged.submits.push(applyId);
}

/** How long until every instance's /readyz says 200 (polled every 200 ms). */
async function readyAgainWithin(instances: Instance[], limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const states = await Promise.all(instances.map((i) => fetch(`http://127.0.0.1:${i.port}/readyz`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.status, () => 0)));
    if (states.every((s) => s === 200)) return Date.now() - started;
    if (Date.now() - started > limitMs) return Infinity;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Whether every instance's /readyz says 503 within the time (the dependency is down). */
async function notReadyWithin(instances: Instance[], limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const states = await Promise.all(instances.map((i) => fetch(`http://127.0.0.1:${i.port}/readyz`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.status, () => 0)));
    if (states.every((s) => s === 503)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

// Once, in the PostgreSQL pass; it runs a PostgreSQL cluster of its own.
describe.runIf(POSTGRES_URL && ownClusterAvailable)('chaos: the database and the bucket restart under load', () => {
  let cluster: PostgresCluster;
  let s3: S3rver;
  let s3Port: number;
  const s3Dir = mkdtempSync(join(tmpdir(), 'kh-chaos-s3-'));
  const startS3 = async () => {
    s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    await s3.run();
  };
  let instances: Instance[] = [];
  let proxy: { server: Server; url: string };

  beforeAll(async () => {
    cluster = startOwnCluster(await freePort());
    s3Port = await freePort();
    await startS3();
    const env = {
      DATABASE_URL: cluster.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kh-chaos-')),
      KH_DEV: '1',
      KH_SIGNING_SECRET: 'chaos-test-signing-secret-of-32-characters',
      KH_S3_BUCKET: BUCKET,
      KH_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      KH_S3_ACCESS_KEY_ID: 'S3RVER',
      KH_S3_SECRET_ACCESS_KEY: 'S3RVER',
      KH_SMS_PER_IP_PER_HOUR: '100000',
      KH_SMS_PER_DEVICE_PER_HOUR: '100000',
      KH_EKYC_MIN_INTERVAL_SECONDS: '0',
      KH_DB_CONNECT_TIMEOUT_MS: '2000',
      KH_DB_STATEMENT_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'info',
    };
    const ports = [await freePort(), await freePort()];
    instances = ports.map((port) => startInstance(port, env));
    expect(await readyAgainWithin(instances, 60_000)).toBeLessThan(60_000);
    proxy = await roundRobin(ports);
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) instance.process.kill('SIGKILL');
    proxy?.server.close();
    await s3?.close().catch(() => undefined);
    cluster?.remove();
  });

  it('no process dies; requests in the outage are 503 with Retry-After; readiness returns within 10 s; nothing acknowledged is lost', async () => {
    let stop = false;
    let n = 0;
    const failures: unknown[] = [];
    const applicants = Array.from({ length: 6 }, async () => {
      try {
        while (!stop) await journey(proxy.url, 500 + n++);
      } catch (error) {
        failures.push(error);
      }
    });

    await new Promise((r) => setTimeout(r, 6_000));
    // PostgreSQL stops (connections cut) for five seconds, then starts again.
    cluster.stop();
    const noticed = await notReadyWithin(instances, 5_000);
    await new Promise((r) => setTimeout(r, 3_000));
    cluster.start();
    const databaseBack = await readyAgainWithin(instances, 20_000);

    await new Promise((r) => setTimeout(r, 5_000));
    // The S3 server goes away for five seconds.
    // Down as a crashed server is: its open connections cut, not waited for.
    const stopping = s3.close();
    (s3 as unknown as { httpServer: Server }).httpServer.closeAllConnections();
    await stopping;
    const s3Noticed = await notReadyWithin(instances, 5_000);
    await new Promise((r) => setTimeout(r, 3_000));
    await startS3();
    const s3Back = await readyAgainWithin(instances, 20_000);

    await new Promise((r) => setTimeout(r, 5_000));
    stop = true;
    await Promise.all(applicants);
    if (failures.length > 0) throw failures[0];

    // No process died, and each noticed and recovered.
    expect(instances.map((i) => i.exited), instances.map((i) => i.output.join('').slice(-4000)).join('\n---\n')).toEqual([undefined, undefined]);
    expect(noticed).toBe(true);
    expect(databaseBack).toBeLessThan(10_000);
    expect(s3Noticed).toBe(true);
    expect(s3Back).toBeLessThan(10_000);
    // In the outages: 503 with Retry-After and words for the applicant; never a 500.
    expect(answersSeen.filter((a) => a.status === 500)).toEqual([]);
    const unavailable = answersSeen.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) expect(answer).toMatchObject({ retryAfter: '5', msg: 'The service is briefly unavailable. Nothing you saved is lost: please try again in 5 seconds.' });

    // Everything acknowledged is there.
    expect(acknowledged.submits.length).toBeGreaterThan(0);
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    try {
      for (const save of acknowledged.saves) {
        const { rows } = await db.query('select payload from application_steps where application_id = $1 and step_id = $2', [save.applyId, save.step]);
        expect(rows[0]?.payload, `${save.applyId} ${save.step}`).toBeDefined();
      }
      const { rows: submitted } = await db.query('select id from applications where id = any($1) and status = 2', [acknowledged.submits]);
      expect(submitted).toHaveLength(acknowledged.submits.length);
      const { rows: stored } = await db.query('select relative_path from files where relative_path = any($1) and stored_at is not null', [acknowledged.uploads]);
      expect(stored).toHaveLength(acknowledged.uploads.length);
    } finally {
      await db.end();
    }
    for (const path of acknowledged.uploads) expect((await fetch(`http://127.0.0.1:${s3Port}/${BUCKET}/${path}`, { signal: AbortSignal.timeout(5_000) })).status, path).toBe(200);
    // Every failure was a line naming its dependency; nothing else was written as plain text.
    const lines = instances.flatMap((i) => i.output.join('').split('\n').filter(Boolean));
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.some((line) => JSON.parse(line).dependency === 'database')).toBe(true);
    expect(lines.some((line) => JSON.parse(line).dependency === 'storage')).toBe(true);
  }, 240_000);
});
