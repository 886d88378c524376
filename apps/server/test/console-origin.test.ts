// The console on an origin of its own (KH_CONSOLE_ORIGIN, the production setting): the staff API and
// the console answer on it alone, the applicant API never does, and a state-changing staff call from
// the applicants' origin is refused. Here the applicants reach 127.0.0.1 and staff reach localhost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { freePort, staffLogin } from '@kh/testing';
import { createStaff } from '../src/staff/staff-auth.ts';
import { startServer, type TestServer } from './harness.ts';

let server: TestServer;
let consoleBase: string;
beforeAll(async () => {
  const port = await freePort();
  consoleBase = `http://localhost:${port}`;
  server = await startServer({ port, consoleOrigin: consoleBase });
  await createStaff(server.database.db, { email: 'origin@broker.example', name: 'Origin Test', password: 'correct horse battery', role: 'reviewer' });
});
afterAll(() => server.close());

/** A request with its path exactly as written: fetch would resolve dot segments first, as a browser does. */
function rawRequest(base: string, path: string, { method, headers, body }: { method: string; headers: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method, headers: { host: url.host, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The ways a router may accept one path: its first segment percent-encoded or in capitals, doubled slashes, dot segments. */
function spellings(path: string): string[] {
  const [, first = '', rest = ''] = /^\/([^/]*)(.*)$/.exec(path) ?? [];
  const encode = (segment: string, at: number) => `${segment.slice(0, at)}%${segment.charCodeAt(at).toString(16)}${segment.slice(at + 1)}`;
  const variants = [path, `/${encode(first, 0)}${rest}`, `/${encode(first, 1)}${rest}`, `/${encode(first, 0).replace(/%([0-9a-f]{2})/, (_, h: string) => `%${h.toUpperCase()}`)}${rest}`, `/${first.toUpperCase()}${rest}`, `//${first}${rest}`, `/./${first}${rest}`, `/x/../${first}${rest}`, `/${first}/${rest}`];
  // Under /api the second segment is the one that names the area.
  if (first === 'api') {
    const [, second = '', tail = ''] = /^\/([^/]*)(.*)$/.exec(rest) ?? [];
    variants.push(`/api/${encode(second, 0)}${tail}`, `/api//${second}${tail}`, `/api/./${second}${tail}`, `/api/${second.toUpperCase()}${tail}`);
  }
  return [...new Set(variants)];
}

let bearer: Promise<string> | undefined;
const signedInBearer = () => (bearer ??= staffLogin(consoleBase, 'origin@broker.example', 'correct horse battery'));

const login = (base: string, origin: string) =>
  fetch(`${base}/staff/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: 'origin@broker.example', password: 'correct horse battery' }) });

describe('KH_CONSOLE_ORIGIN', () => {
  it('the staff API and the console answer on the console origin only', async () => {
    expect((await fetch(`${consoleBase}/staff/session`)).status).toBe(200);
    for (const path of ['/staff/session', '/api/staff/session', '/console/', '/console/cases/x']) expect((await fetch(`${server.baseUrl}${path}`)).status, path).toBe(404);
    const signIn = await login(consoleBase, consoleBase);
    expect(signIn.status).toBe(200);
    // Its cookie belongs to the console's host alone: no Domain that would share it.
    expect(signIn.headers.getSetCookie().find((c) => c.startsWith('kh_staff='))).not.toMatch(/Domain=/i);
  });

  it('the applicant API never answers on the console origin', async () => {
    for (const path of ['/passport/getUsers', '/kh/account/apply/check', '/pdp/dictionary', '/status/entry']) expect((await fetch(`${consoleBase}${path}`)).status, path).toBe(404);
    expect((await fetch(`${server.baseUrl}/passport/login/check`, { method: 'POST' })).status).toBe(200);
  });

  it('a staff call from the applicants\' origin is refused as cross-site; operations paths answer on both', async () => {
    expect((await login(consoleBase, server.baseUrl)).status).toBe(403);
    for (const base of [server.baseUrl, consoleBase]) expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('no spelling of a staff route answers on the applicants\' host, nor of an applicant route on the console\'s', async () => {
    const reviewer = await signedInBearer();
    const operations = new Set(['/healthz', '/readyz', '/metrics', '/version']);
    const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
    const routes = [...new Map(server.routes.filter((r) => r.method === 'GET' || r.method === 'POST').map((r) => [`${r.method} ${r.url}`, r])).values()].filter((r) => !operations.has(r.url));
    const staffRoutes = routes.filter((r) => /^\/(api\/)?staff(\/|$)/.test(r.url));
    const applicantRoutes = routes.filter((r) => !/^\/(api\/)?(staff|console)(\/|$)/.test(r.url));
    expect(staffRoutes.length).toBeGreaterThan(40);
    expect(applicantRoutes.length).toBeGreaterThan(40);
    const seen: string[] = [];
    for (const { method, url } of staffRoutes)
      for (const path of spellings(concrete(url))) {
        const res = await rawRequest(server.baseUrl, path, { method, headers: { authorization: `Bearer ${reviewer}`, 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
        if (res.status !== 404) seen.push(`${method} ${path} → ${res.status}`);
      }
    for (const { method, url } of applicantRoutes)
      for (const path of spellings(concrete(url))) {
        const res = await rawRequest(consoleBase, path, { method, headers: { 'content-type': 'application/json', origin: consoleBase }, body: method === 'POST' ? '{}' : undefined });
        if (res.status !== 404) seen.push(`${method} ${path} on the console → ${res.status}`);
      }
    expect(seen).toEqual([]);
  });

  it('is a bare https origin, not the applicants\' own', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ KH_DEV: '1', KH_CONSOLE_ORIGIN: 'console.broker.example' })).toThrow(/KH_CONSOLE_ORIGIN: "console.broker.example" is not an origin/);
    expect(() => loadConfig({ KH_DEV: '1', KH_CONSOLE_ORIGIN: 'http://console.broker.example' })).toThrow(/https/);
    expect(() => loadConfig({ KH_DEV: '1', KH_PUBLIC_ORIGIN: 'https://open.broker.example', KH_CONSOLE_ORIGIN: 'https://open.broker.example' })).toThrow(/must differ/);
    expect(loadConfig({ KH_DEV: '1', KH_CONSOLE_ORIGIN: 'https://console.broker.example' }).consoleOrigin).toBe('https://console.broker.example');
  });
});
