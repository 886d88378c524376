// Bad input answers 400, never 500: thousands of generated malformed requests (types, sizes, unicode,
// NUL, nesting, prototype keys, wrong content types, broken multipart) to every route, without a
// session, with an applicant's and with a reviewer's; the server must stay healthy. Runs on PGlite
// and again on PostgreSQL (scripts/test-postgres.mjs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/staff/staff-auth.ts';
import { login, startServer, type TestServer } from './harness.ts';
import { staffLogin } from '@kh/testing';

let server: TestServer;
const sessions: Record<string, Record<string, string>> = { none: {} };
beforeAll(async () => {
  server = await startServer();
  const applicant = await login(server, '129990001');
  const created = await applicant.post('/kh/account/apply/create', { relatedType: 'INIT' });
  if (created.status !== 200) throw new Error('no application');
  sessions.applicant = { cookie: applicant.cookie };
  await createStaff(server.database.db, { email: 'fuzz@broker.example', name: 'Fuzz', password: 'fuzz staff password' });
  sessions.staff = { authorization: `Bearer ${await staffLogin(server.baseUrl, 'fuzz@broker.example', 'fuzz staff password')}` };
}, 120_000);
afterAll(() => server?.close());

/** A small seeded generator: the same requests on every run, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick };
}

const STRINGS = ['', ' ', 'a', 'x\u0000y', '\u0000', '%00', '../../etc/passwd', '..\\..\\win.ini', '💥🇲🇾', '\u202e', '\ud800', 'SELECT 1;--', "' OR 1=1 --", '<script>alert(1)</script>', 'null', 'undefined', 'NaN', '1e309', '-0', 'é'.repeat(300), 'A'.repeat(70_000), 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype', '900101145678', 'INIT', 'SUPPLEMENT'];
const NUMBERS = [0, -1, 1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, 2002, 2003, 16, 19];
const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'applyId', 'fillStep', 'relatedType', 'data', 'categories', 'email', 'password', 'mobile', 'code', 'items', 'markets', 'x\u0000'];

function value(r: ReturnType<typeof random>, depth = 0): unknown {
  const kind = r.next();
  if (depth > 3 || kind < 0.3) return r.pick(STRINGS);
  if (kind < 0.45) return r.pick(NUMBERS);
  if (kind < 0.5) return r.pick([true, false, null]);
  if (kind < 0.7) return Array.from({ length: Math.floor(r.next() * 4) }, () => value(r, depth + 1));
  return Object.fromEntries(Array.from({ length: 1 + Math.floor(r.next() * 4) }, () => [r.pick(KEYS), value(r, depth + 1)]));
}

/** A lone surrogate cannot be encoded: it goes as the bytes of one (invalid UTF-8), a fuzz value too. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const nested = (levels: number) => `${'{"a":['.repeat(levels)}1${']}'.repeat(levels)}`;

interface Attack {
  headers: Record<string, string>;
  body?: string | Uint8Array;
  query: string;
}

/** One malformed request of a chosen shape. */
function attack(r: ReturnType<typeof random>): Attack {
  const shape = r.pick(['json', 'json', 'json', 'nested', 'protoJson', 'form', 'multipart', 'brokenMultipart', 'text', 'xml', 'badJson', 'empty', 'huge'] as const);
  const query = r.next() < 0.5 ? '' : `?${encode(r.pick(KEYS))}=${encode(String(r.pick([...STRINGS.slice(0, 20), ...NUMBERS])))}&page=${r.pick(['1e309', '-1', 'x', '1'])}&relativePath=${encode(r.pick(STRINGS.slice(0, 12)))}`;
  switch (shape) {
    case 'json':
      return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value(r)), query };
    case 'nested':
      return { headers: { 'content-type': 'application/json' }, body: `{"eventValue":${nested(r.pick([20, 200, 10_000]))},"categories":${nested(50)}}`, query };
    case 'protoJson':
      return { headers: { 'content-type': 'application/json' }, body: `{"__proto__":{"isStaff":true},"constructor":{"prototype":{"x":1}},"data":{"__proto__":1}}`, query };
    case 'form':
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${r.pick(KEYS)}=${encode(String(r.pick(STRINGS.slice(0, 20))))}&categories=${encode('["constructor"]')}&data=${encode('{"a":')}`, query };
    case 'multipart':
      return {
        headers: { 'content-type': 'multipart/form-data; boundary=fuzz' },
        body: `--fuzz\r\nContent-Disposition: form-data; name="file"; filename="${r.pick(['a.png', '../../x.png', 'a\u0000.png', ''])}"\r\nContent-Type: image/png\r\n\r\n${r.pick(['\x89PNG\r\n\x1a\n', 'GIF89a', '%PDF-1.4', 'plain'])}\r\n--fuzz--\r\n`,
        query,
      };
    case 'brokenMultipart':
      return { headers: { 'content-type': r.pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=zz']) }, body: r.pick(['--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', 'garbage', '--zz\r\n\r\n', '']), query };
    case 'text':
      return { headers: { 'content-type': 'text/plain' }, body: r.pick(STRINGS.slice(0, 20)), query };
    case 'xml':
      return { headers: { 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', query };
    case 'badJson':
      return { headers: { 'content-type': 'application/json' }, body: r.pick(['{', '{"a":', '[1,', '{"a":1}}', '\u0000', '"\\ud800"', '{"a":1e999999}']), query };
    case 'empty':
      return { headers: { 'content-type': r.pick(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=e']) }, body: '', query };
    case 'huge':
      return { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: 'x'.repeat(r.pick([1_000, 900_000, 1_200_000])) }), query };
  }
}

/** A route's URL with its parameters filled by hostile values. */
function urlOf(pattern: string, r: ReturnType<typeof random>): string {
  return pattern.replace(/:[A-Za-z]+/g, () => encode(r.pick(['a\u0000b', '..', '%2e%2e', '0', '-1', '1e309', 'x'.repeat(500), '💥', '__proto__', 'constructor', '1'])));
}

const REQUESTS_PER_ROUTE_AND_SESSION = 30;

describe('bad input answers 400, never 500', () => {
  it('thousands of malformed requests to every route, with and without a session: no answer >= 500, and the server stays healthy', async () => {
    const routes = server.routes
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !route.url.startsWith('/api/'))
      // Logging out would end the very sessions the fuzzing uses.
      .filter((route) => !route.url.endsWith('/logout'));
    expect(routes.length).toBeGreaterThan(40);
    const r = random(20261122);
    const jobs: { method: string; url: string; attack: Attack; session: string }[] = [];
    for (const route of routes)
      for (const [name] of Object.entries(sessions))
        for (let i = 0; i < REQUESTS_PER_ROUTE_AND_SESSION; i++) jobs.push({ method: route.method, url: urlOf(route.url, r), attack: attack(r), session: name });
    expect(jobs.length).toBeGreaterThanOrEqual(5_000);

    const failures: string[] = [];
    for (let i = 0; i < jobs.length; i += 16) {
      await Promise.all(
        jobs.slice(i, i + 16).map(async ({ method, url, attack: a, session }) => {
          const init: RequestInit = { method, headers: { ...a.headers, ...sessions[session] }, redirect: 'manual' };
          if (method !== 'GET' && a.body !== undefined) init.body = a.body as BodyInit;
          const res = await fetch(`${server.baseUrl}${url}${a.query}`, init).catch((error: Error) => ({ status: 599, text: async () => error.message }));
          if (res.status >= 500) failures.push(`${res.status} ${method} ${url}${a.query.slice(0, 80)} [${session}] ${a.headers['content-type'] ?? ''} ${String(a.body ?? '').slice(0, 80)} -> ${(await res.text()).slice(0, 200)}`);
        }),
      );
    }
    expect(failures.slice(0, 20)).toEqual([]);
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
  }, 600_000);
});
