// Starts the real server on 127.0.0.1 for the tests, on PGlite, or on PostgreSQL when
// DATABASE_URL is set (a fresh database per start). Requests go over real HTTP.
import type { StudioCompiler } from '../src/studio/index.ts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { desc, eq } from 'drizzle-orm';
import { signFields } from '@kh/api';
import { buildApp, loadConfig, openDatabase, type ServerConfig } from '../src/index.ts';
import { extraServices } from '../src/services.ts';
import { freePort, staffLogin } from '@kh/testing';
import { createStaff, type StaffRole } from '../src/staff/staff-auth.ts';
import { applications, mailOutbox } from '../src/db/schema.ts';
import { answers, submitAll, uploadedPath, type FormStep } from './fixtures.ts';

export const POSTGRES_URL = process.env.DATABASE_URL || undefined;

export async function freshPostgresDatabase(adminUrl: string): Promise<string> {
  // The PostgreSQL pass names its run's databases by one prefix, and drops them when it ends (scripts/test-postgres.mjs).
  const name = `${process.env.KH_TEST_DATABASE_PREFIX ?? 'kh_test_'}${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database freshPostgresDatabase made, from the same administrative database. */
export async function dropPostgresDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

export interface TestServer {
  baseUrl: string;
  /** Every route the server declared, as method and URL pattern. */
  routes: { method: string; url: string }[];
  config: ServerConfig;
  dataDir: string;
  database: Awaited<ReturnType<typeof openDatabase>>;
  /** The server's studio compiler, as the start warms it (main.ts). */
  studio: StudioCompiler;
  close(): Promise<void>;
}

export async function startServer(overrides: Partial<ServerConfig> = {}, options: { dataDir?: string; persistent?: boolean; logStream?: { write(line: string): void }; queryLog?: (query: string) => void } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kh-server-'));
  const databaseUrl = POSTGRES_URL ? (overrides.databaseUrl ?? (await freshPostgresDatabase(POSTGRES_URL))) : undefined;
  const port = overrides.port ?? (await freePort());
  const defaults = loadConfig({ KH_DEV: '1' });
  // Every test applicant logs in from 127.0.0.1: the per-IP limit is tested on its own.
  const config = loadConfig({ KH_DEV: '1' }, { dataDir, databaseUrl, port, publicOrigin: `http://127.0.0.1:${port}`, sms: { ...defaults.sms, perIpPerHour: 10_000 }, limits: { ...defaults.limits, analyticsPerMinute: 100_000 }, ...overrides });
  const database = await openDatabase({ dataDir: databaseUrl || options.persistent ? dataDir : 'memory://', databaseUrl, ...(options.queryLog ? { logger: { logQuery: options.queryLog } } : {}) });
  const routes: { method: string; url: string }[] = [];
  const app = await buildApp({ config, db: database.db, extraServices: extraServices(config), onRoute: (route) => routes.push(route), ...(options.logStream ? { logger: { level: 'debug', stream: options.logStream } } : {}) });
  await app.listen({ host: '127.0.0.1', port });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    routes,
    config,
    dataDir,
    database,
    studio: app.kh.studio,
    async close() {
      // Nothing is in flight when a test closes; keep-alive sockets of refused, unread bodies would hold close() open.
      app.server.closeAllConnections();
      await app.close();
      await database.close();
    },
  };
}

/** A browser-like client: keeps the session cookie, sends the language, parses the envelope. */
export function client(server: TestServer, language = 'en') {
  // A cookie jar as a browser keeps one: the session and the device id side by side.
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (pairs: string) => {
    for (const pair of pairs.split(/;\s*/)) {
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  async function request(method: string, path: string, init: { json?: unknown; form?: object; body?: BodyInit; headers?: Record<string, string>; query?: Record<string, string> } = {}) {
    const url = new URL(`${server.baseUrl}${path}`);
    url.searchParams.set('language', language);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (jar.size > 0) headers.cookie = cookieHeader();
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries(init.form).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString();
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const setCookie = response.headers.get('set-cookie');
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      // A cleared cookie (empty value or expired) leaves the jar.
      if (at > 0 && (pair.slice(at + 1) === '' || /expires=Thu, 01 Jan 1970/i.test(line))) jar.delete(pair.slice(0, at));
      else remember(pair);
    }
    const type = response.headers.get('content-type') ?? '';
    const payload = type.includes("json") ? await response.json() : type.includes("text/html") ? await response.text() : Buffer.from(await response.arrayBuffer());
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read envelopes of every shape
    return { status: response.status, headers: response.headers, body: payload as any, setCookie };
  }
  /** SPEC §7's signed send as the app makes it: a nonce and its one-use key from the server, then the signed fields. */
  async function signedCodeRequest(mobile: string, extra: { timestamp?: number; recaptchaToken?: string; countryCode?: string } = {}) {
    const issued = await request('POST', '/passport/sms/auth-code/nonce', { form: {} });
    if (issued.status !== 200) throw new Error(`nonce refused: ${issued.status} ${JSON.stringify(issued.body)}`);
    // The sandbox app's token, as the app sends it; a test of its absence passes an empty one.
    const { recaptchaToken = 'sandbox-human', countryCode = '60', ...signing } = extra;
    return signFields({ mobile, countryCode, ...(recaptchaToken ? { recaptchaToken } : {}) }, issued.body.data.key as string, { nonce: issued.body.data.nonce as string, ...signing });
  }
  return {
    request,
    signedCodeRequest,
    sendCode: async (mobile: string, extra: { timestamp?: number; recaptchaToken?: string; countryCode?: string; headers?: Record<string, string> } = {}) => {
      const { headers, ...signing } = extra;
      return request('POST', '/passport/sms/auth-code/send', { form: await signedCodeRequest(mobile, signing), headers });
    },
    get: (path: string, query?: Record<string, string>) => request('GET', path, { query }),
    post: (path: string, json: unknown = {}, query?: Record<string, string>) => request('POST', path, { json, query }),
    form: (path: string, form: object) => request('POST', path, { form }),
    get cookie() {
      return cookieHeader();
    },
    set cookie(value: string) {
      jar.clear();
      remember(value);
    },
  };
}
export type Client = ReturnType<typeof client>;

/** Asks for a code with the signed send call, reads it from the sandbox outbox, logs in. */
export async function login(server: TestServer, mobile: string, language = 'en'): Promise<Client> {
  const c = client(server, language);
  const sent = await c.sendCode(mobile);
  if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(server, mobile);
  const used = await c.form('/passport/sms/auth-code/use', { mobile, countryCode: '60', code });
  if (used.status !== 200) throw new Error(`login failed: ${JSON.stringify(used.body)}`);
  return c;
}

export async function latestCode(server: TestServer, mobile: string): Promise<string> {
  const outbox = await fetch(`${server.baseUrl}/dev/outbox`, { headers: { accept: 'application/json' } }).then((r) => r.json());
  // The newest login code, not the newest message: a decision's SMS to the same phone may be newer.
  const message = outbox.data.find((m: { mobile: string; body: string }) => m.mobile === mobile && /verification code is \d{6}/.test(m.body));
  return /verification code is (\d{6})/.exec(message.body)![1];
}

/** The probe's first defined answer, asked every 200 ms: for what a background job does. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

export type StaffPerson = [key: string, name: string, role: StaffRole];

/** Creates these staff accounts (`<key>@broker.example`) and signs each in: their bearer tokens by key. */
export async function signInStaff(server: TestServer, people: StaffPerson[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const [key, name, role] of people) {
    await createStaff(server.database.db, { email: `${key}@broker.example`, name, password: 'correct horse battery', role });
    tokens[key] = await staffLogin(server.baseUrl, `${key}@broker.example`, 'correct horse battery');
  }
  return tokens;
}

/** The latest e-mail the sandbox outbox holds for an address (its owner's mailbox, as the tests read it). */
export async function latestMailTo(server: TestServer, to: string): Promise<{ subject: string; body: string } | undefined> {
  const [mail] = await server.database.db.select({ subject: mailOutbox.subject, body: mailOutbox.body }).from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}

/** Calls the staff API as one person; JSON answers parsed, documents as bytes. Both are read when called, so a suite may set them up in beforeAll. */
export const staffCall =
  (baseUrl: () => string, token: () => string) =>
  async (method: string, path: string, json?: unknown) => {
    const res = await fetch(`${baseUrl()}${path}`, { method, headers: { authorization: `Bearer ${token()}`, ...(json ? { 'content-type': 'application/json' } : {}) }, body: json ? JSON.stringify(json) : undefined });
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, headers: res.headers, body: type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer()) };
  };

/** Moves a case's due time to `ms` from now, as if it had been submitted that much earlier or later. */
export const setDueIn = (server: TestServer, applicationId: string, ms: number) =>
  server.database.db.update(applications).set({ dueAt: new Date(Date.now() + ms) }).where(eq(applications.id, applicationId));

/**
 * A case in the reviewers' queue: the member with mobile 1330nnnnn (n padded to five digits) answers
 * every step (`change` alters the answers first; `read` is what the identity provider reads otherwise
 * than typed) and submits.
 */
export async function submittedCase(server: TestServer, n: number, options: { change?: (data: Record<FormStep, Record<string, unknown>>) => void; read?: Record<string, string> } = {}) {
  const mobile = `1330${String(n).padStart(5, '0')}`;
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  options.change?.(data);
  await submitAll(c, applyId, data, {}, options.read);
  return { applyId: applyId as string, c, data, mobile };
}

/** The pages a web build writes into dist/pages (apps/web scripts/prerender.ts), in each language. */
const DRAWN_PAGE_NAMES = ['start', 'login', 'app', 'status-new', 'status-draft', 'status-rejected'] as const;

/** A web build of the served pages only: index.html says "plain", each of dist/pages is `draw(page, language)`. */
export function fakeWebDist(draw: (page: (typeof DRAWN_PAGE_NAMES)[number], language: string) => string): string {
  const dist = mkdtempSync(join(tmpdir(), 'kh-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'pages'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>plain</title>');
  for (const language of ['en', 'zh-HK', 'zh-CN']) for (const page of DRAWN_PAGE_NAMES) writeFileSync(join(dist, 'pages', `${page}.${language}.html`), draw(page, language));
  return dist;
}
