// The console on an origin of its own (KH_CONSOLE_ORIGIN, the production setting): the staff API and
// the console answer on it alone, the applicant API never does, and a state-changing staff call from
// the applicants' origin is refused. Here the applicants reach 127.0.0.1 and staff reach localhost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@kh/testing';
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

  it('is a bare https origin, not the applicants\' own', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ KH_DEV: '1', KH_CONSOLE_ORIGIN: 'console.broker.example' })).toThrow(/KH_CONSOLE_ORIGIN: "console.broker.example" is not an origin/);
    expect(() => loadConfig({ KH_DEV: '1', KH_CONSOLE_ORIGIN: 'http://console.broker.example' })).toThrow(/https/);
    expect(() => loadConfig({ KH_DEV: '1', KH_PUBLIC_ORIGIN: 'https://open.broker.example', KH_CONSOLE_ORIGIN: 'https://open.broker.example' })).toThrow(/must differ/);
    expect(loadConfig({ KH_DEV: '1', KH_CONSOLE_ORIGIN: 'https://console.broker.example' }).consoleOrigin).toBe('https://console.broker.example');
  });
});
