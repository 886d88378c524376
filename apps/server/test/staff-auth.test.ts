// Staff sign-in: the password, then an authenticator (enrolled by QR code on the first login); roles;
// sessions that end when idle or on logout; and cookies that never cross between the applicant API
// and the staff API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { totpCode } from '@kh/testing';
import { auditLog, staff, staffSessions } from '../src/db/schema.ts';
import { createStaff } from '../src/services/staff-auth.ts';
import { login, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

let n = 0;
const PASSWORD = 'correct horse battery';
async function account(role: 'reviewer' | 'supervisor' | 'admin' = 'reviewer') {
  const email = `staff${n++}@broker.example`;
  const id = await createStaff(server.database.db, { email, name: `Staff ${n}`, password: PASSWORD, role });
  return { id, email };
}

/** A browser: keeps cookies per path as a browser would (kh_staff only under /staff). */
function browser() {
  const cookies = new Map<string, { value: string; path: string }>();
  return {
    cookies,
    async call(method: string, path: string, body?: unknown, language = 'en') {
      const cookie = [...cookies].filter(([, c]) => path.startsWith(c.path)).map(([name, c]) => `${name}=${c.value}`).join('; ');
      const res = await fetch(`${server.baseUrl}${path}${path.includes('?') ? '&' : '?'}language=${language}`, {
        method,
        headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';').map((p) => p.trim());
        const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
        const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
        if (!value) cookies.delete(name);
        else cookies.set(name, { value, path });
      }
      return { status: res.status, headers: res.headers, body: (await res.json()) as { msg: string; data: Record<string, unknown> & { next?: string; secret?: string; otpauthUrl?: string; token?: string } } };
    },
  };
}

async function signIn(b: ReturnType<typeof browser>, email: string, secret?: string, at = Date.now()) {
  const first = await b.call('POST', '/staff/login', { email, password: PASSWORD });
  expect(first.status).toBe(200);
  const key = secret ?? (first.body.data.secret as string);
  const second = await b.call('POST', '/staff/login/totp', { code: totpCode(key, at) });
  return { first, second, secret: key };
}

const auditActions = async (staffId: string) => (await server.database.db.select().from(auditLog).where(eq(auditLog.staffId, staffId)).orderBy(asc(auditLog.id))).map((row) => row.action);

describe('the first login enrols an authenticator', () => {
  it('the password alone opens nothing; the QR code\'s URI carries the secret; a wrong code is refused in the reviewer\'s language; the right one signs in', async () => {
    const { id, email } = await account();
    const b = browser();
    const first = await b.call('POST', '/staff/login', { email, password: PASSWORD });
    expect(first.body.data).toMatchObject({ next: 'enrol', secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    expect(first.body.data.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/KH%20Account%20Opening:${encodeURIComponent(email)}\\?.*secret=${first.body.data.secret}`));
    expect((await b.call('GET', '/staff/me')).status).toBe(401);
    expect((await b.call('GET', '/staff/applications')).status).toBe(401);
    const wrong = await b.call('POST', '/staff/login/totp', { code: '000000' }, 'zh-HK');
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).toBe('驗證碼不正確或已使用，請輸入驗證器應用程式中的最新驗證碼。');
    // A reload shows the same QR code until it is confirmed.
    expect((await b.call('POST', '/staff/login', { email, password: PASSWORD })).body.data.secret).toBe(first.body.data.secret);
    const ok = await b.call('POST', '/staff/login/totp', { code: totpCode(first.body.data.secret as string) });
    expect(ok.status).toBe(200);
    const cookie = ok.headers.getSetCookie().find((line) => line.startsWith('kh_staff='))!;
    expect(cookie).toMatch(/Path=\/staff/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect((await b.call('GET', '/staff/me')).body.data).toMatchObject({ id, email, role: 'reviewer' });
    // Later logins ask for a code and never show the secret again.
    const again = await b.call('POST', '/staff/login', { email, password: PASSWORD });
    expect(again.body.data).toEqual({ next: 'totp', token: expect.any(String) });
    expect(await auditActions(id)).toEqual(['totpFailed', 'totpEnrolled']);
  });

  it('a code works once: a second login with the same code is refused', async () => {
    const { email } = await account();
    const at = Date.now();
    const { second, secret } = await signIn(browser(), email, undefined, at);
    expect(second.status).toBe(200);
    const replay = await signIn(browser(), email, secret, at);
    expect(replay.second.status).toBe(401);
  });

  it('guessing codes is throttled per account', async () => {
    const { email } = await account();
    const b = browser();
    await b.call('POST', '/staff/login', { email, password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await b.call('POST', '/staff/login/totp', { code: String(100000 + i) })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('sessions', () => {
  it('end on logout (the token is dead, the cookie cleared) and when idle', async () => {
    const { id, email } = await account();
    const b = browser();
    const { second, secret } = await signIn(b, email);
    const token = second.body.data.token as string;
    expect((await b.call('POST', '/staff/logout')).status).toBe(200);
    expect(b.cookies.has('kh_staff')).toBe(false);
    expect((await fetch(`${server.baseUrl}/staff/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    // Idle: the last request was longer ago than the idle limit.
    const c = browser();
    await signIn(c, email, secret, Date.now() + 30_000);
    expect((await c.call('GET', '/staff/me')).status).toBe(200);
    await server.database.db.update(staffSessions).set({ lastSeenAt: new Date(Date.now() - (server.config.staffSession.idleMinutes + 1) * 60_000) }).where(eq(staffSessions.staffId, id));
    const ended = await c.call('GET', '/staff/me');
    expect(ended.status).toBe(401);
    expect(ended.body.msg).toBe('Your session has ended. Please sign in again.');
    expect(await auditActions(id)).toEqual(['totpEnrolled', 'logout', 'login']);
  });

  it('a staff cookie never works on the applicant API, and an applicant cookie never on the staff API', async () => {
    const { email } = await account();
    const b = browser();
    const { second } = await signIn(b, email);
    const staffToken = second.body.data.token as string;
    // The staff cookie sent to the applicant API, as kh_staff or in the applicant cookie's name.
    for (const cookie of [`kh_staff=${staffToken}`, `kh_sid=${staffToken}`]) {
      const res = await fetch(`${server.baseUrl}/kh/account/apply/create`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ relatedType: 'INIT' }) });
      expect(res.status).toBe(401);
    }
    const applicant = await login(server, '127770999');
    const applicantToken = /kh_sid=([^;]+)/.exec(applicant.cookie)![1];
    for (const cookie of [applicant.cookie, `kh_staff=${applicantToken}`]) expect((await fetch(`${server.baseUrl}/staff/me`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/staff/me`, { headers: { authorization: `Bearer ${applicantToken}` } })).status).toBe(401);
  });
});

describe('roles', () => {
  it('only an admin manages staff: creates a supervisor, changes roles, disables an account (ending its sessions), resets an authenticator', async () => {
    const admin = await account('admin');
    const reviewer = await account('reviewer');
    const a = browser();
    await signIn(a, admin.email);
    const r = browser();
    await signIn(r, reviewer.email);
    expect((await r.call('GET', '/staff/accounts')).status).toBe(403);
    expect((await r.call('POST', '/staff/accounts', { email: 'x@broker.example', name: 'X', role: 'admin', password: 'a long password here' })).status).toBe(403);

    const created = await a.call('POST', '/staff/accounts', { email: 'Lead@Broker.example', name: 'Lead', role: 'supervisor', password: 'a long password here' });
    expect(created.status).toBe(200);
    expect((await a.call('POST', '/staff/accounts', { email: 'lead@broker.example', name: 'Lead', role: 'supervisor', password: 'a long password here' })).status).toBe(409);
    const list = (await a.call('GET', '/staff/accounts')).body.data as unknown as { email: string; role: string; enrolled: boolean }[];
    expect(list.find((s) => s.email === 'lead@broker.example')).toMatchObject({ role: 'supervisor', enrolled: false });

    expect((await a.call('POST', `/staff/accounts/${reviewer.id}`, { role: 'supervisor' })).status).toBe(200);
    expect((await r.call('GET', '/staff/me')).body.data.role).toBe('supervisor');
    expect((await a.call('POST', `/staff/accounts/${reviewer.id}`, { disabled: true })).status).toBe(200);
    expect((await r.call('GET', '/staff/me')).status).toBe(401);
    expect((await browser().call('POST', '/staff/login', { email: reviewer.email, password: PASSWORD })).status).toBe(401);
    expect((await a.call('POST', `/staff/accounts/${reviewer.id}`, { disabled: false, resetTotp: true })).status).toBe(200);
    expect((await browser().call('POST', '/staff/login', { email: reviewer.email, password: PASSWORD })).body.data.next).toBe('enrol');
    // An admin does not lock themselves out.
    expect((await a.call('POST', `/staff/accounts/${admin.id}`, { role: 'reviewer' })).status).toBe(409);
    expect((await a.call('POST', `/staff/accounts/${admin.id}`, { disabled: true })).status).toBe(409);
    const [row] = await server.database.db.select().from(staff).where(eq(staff.id, admin.id));
    expect(row.role).toBe('admin');
    expect(await auditActions(admin.id)).toEqual(['totpEnrolled', 'staffCreated', 'staffChanged', 'staffChanged', 'staffChanged']);
  });
});
