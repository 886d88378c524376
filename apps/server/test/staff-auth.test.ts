// Staff sign-in: the password, then an authenticator (enrolled by QR code on the first login); roles;
// sessions that end when idle or on logout; and cookies that never cross between the applicant API
// and the staff API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { totpCode } from '@kh/testing';
import { auditLog, staff, staffSessions } from '../src/db/schema.ts';
import { createStaff } from '../src/staff/staff-auth.ts';
import { loadConfig } from '../src/config.ts';
import { login, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  // Every sign-in here comes from 127.0.0.1: the per-address limit is tested on its own (rate-limits.test.ts).
  const { limits } = loadConfig({ KH_DEV: '1' });
  server = await startServer({ limits: { ...limits, staffLoginsPerIp: 1000 } });
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
    // The secret is shown once, to this sign-in: another sign-in (an admin who reset the account and
    // knows nothing else, or a reload) is shown another, and the first one confirms only its own.
    const other = browser();
    const elsewhere = await other.call('POST', '/staff/login', { email, password: PASSWORD });
    expect(elsewhere.body.data.secret).not.toBe(first.body.data.secret);
    expect((await other.call('POST', '/staff/login/totp', { code: totpCode(first.body.data.secret as string) })).status).toBe(401);
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
    // The other sign-in's secret, never confirmed, works nowhere now.
    const late = await other.call('POST', '/staff/login/totp', { code: totpCode(elsewhere.body.data.secret as string) });
    expect(late.status).toBe(401);
    expect(await auditActions(id)).toEqual(['totpFailed', 'totpFailed', 'totpEnrolled', 'totpFailed']);
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

describe('passwords', () => {
  it('a first password chosen by someone else signs in once, only to be replaced; the staff member\'s own then works, the first never again', async () => {
    const email = `staff${n++}@broker.example`;
    const id = await createStaff(server.database.db, { email, name: 'New Colleague', password: 'chosen by an admin', role: 'reviewer', oneTimePassword: true });
    const b = browser();
    const first = await b.call('POST', '/staff/login', { email, password: 'chosen by an admin' });
    expect(first.body.data).toEqual({ next: 'password', token: expect.any(String) });
    // Nothing else opens with it: no code, no enrolment, no page.
    expect((await b.call('POST', '/staff/login/totp', { code: '123456' })).status).toBe(409);
    expect((await b.call('GET', '/staff/me')).status).toBe(401);
    expect((await b.call('POST', '/staff/login/password', { password: 'short' })).status).toBe(400);
    expect((await b.call('POST', '/staff/login/password', { password: 'chosen by an admin' })).status).toBe(400);
    const mine = await b.call('POST', '/staff/login/password', { password: 'my very own secret words' });
    expect(mine.body.data).toMatchObject({ next: 'enrol', secret: expect.any(String) });
    expect((await b.call('POST', '/staff/login/totp', { code: totpCode(mine.body.data.secret as string) })).status).toBe(200);
    // The admin's password is dead; the owner's works.
    expect((await browser().call('POST', '/staff/login', { email, password: 'chosen by an admin' })).status).toBe(401);
    expect((await browser().call('POST', '/staff/login', { email, password: 'my very own secret words' })).body.data.next).toBe('totp');
    expect(await auditActions(id)).toEqual(['passwordChanged', 'totpEnrolled', 'loginFailed']);
  });

  it('a first password not used within its time is refused with a reason', async () => {
    const email = `staff${n++}@broker.example`;
    const id = await createStaff(server.database.db, { email, name: 'Late Colleague', password: 'chosen by an admin', oneTimePassword: true });
    await server.database.db.update(staff).set({ oneTimePasswordUntil: new Date(Date.now() - 1000) }).where(eq(staff.id, id));
    const late = await browser().call('POST', '/staff/login', { email, password: 'chosen by an admin' });
    expect(late.status).toBe(401);
    expect(late.body.msg).toBe('This first password has expired. Ask an administrator for a new one.');
  });

  it('staff change their own password: the current one is asked, every other session ends, this one stays', async () => {
    const { id, email } = await account();
    const here = browser();
    const { secret } = await signIn(here, email);
    const there = browser();
    await signIn(there, email, secret, Date.now() + 30_000);
    expect((await here.call('POST', '/staff/password', { current: 'not it at all', password: 'a brand new password' })).status).toBe(400);
    const changed = await here.call('POST', '/staff/password', { current: PASSWORD, password: 'a brand new password' });
    expect(changed.status).toBe(200);
    expect((await here.call('GET', '/staff/me')).status).toBe(200);
    expect((await there.call('GET', '/staff/me')).status).toBe(401);
    expect((await browser().call('POST', '/staff/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await browser().call('POST', '/staff/login', { email, password: 'a brand new password' })).status).toBe(200);
    expect(await auditActions(id)).toContain('passwordChanged');
  });

  it('a disabled account is told it is disabled once the password is right, and that a wrong password is wrong', async () => {
    const { id, email } = await account();
    await server.database.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, id));
    expect((await browser().call('POST', '/staff/login', { email, password: 'wrong password here' })).body.msg).toBe('The e-mail or password is incorrect.');
    const disabled = await browser().call('POST', '/staff/login', { email, password: PASSWORD });
    expect(disabled.status).toBe(403);
    expect(disabled.body.msg).toBe('This account is disabled. Ask an administrator to enable it again.');
  });
});

describe('one\'s own sessions', () => {
  it('lists where and when each session signed in, ends another, and logout everywhere ends them all', async () => {
    const { email } = await account();
    const phone = browser();
    const { secret } = await signIn(phone, email);
    const desk = browser();
    await signIn(desk, email, secret, Date.now() + 30_000);
    const listed = (await desk.call('GET', '/staff/sessions')).body.data as unknown as { ref: string; current: boolean; ip: string; userAgent: string | null }[];
    expect(listed).toHaveLength(2);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed[0]).toMatchObject({ ip: '127.0.0.1' });
    const other = listed.find((s) => !s.current)!;
    expect((await desk.call('POST', `/staff/sessions/${other.ref}/end`)).status).toBe(200);
    expect((await phone.call('GET', '/staff/me')).status).toBe(401);
    expect((await desk.call('POST', `/staff/sessions/${other.ref}/end`)).status).toBe(404);

    const laptop = browser();
    await signIn(laptop, email, secret, Date.now() + 60_000);
    expect((await desk.call('POST', '/staff/logout', { everywhere: true })).status).toBe(200);
    expect((await laptop.call('GET', '/staff/me')).status).toBe(401);
    expect((await desk.call('GET', '/staff/me')).status).toBe(401);
  });

  it('a session cannot end a colleague\'s session by its reference', async () => {
    const mine = await account();
    const theirs = await account();
    const me = browser();
    await signIn(me, mine.email);
    const them = browser();
    await signIn(them, theirs.email);
    const [theirSession] = (await them.call('GET', '/staff/sessions')).body.data as unknown as { ref: string }[];
    expect((await me.call('POST', `/staff/sessions/${theirSession.ref}/end`)).status).toBe(404);
    expect((await them.call('GET', '/staff/me')).status).toBe(200);
  });
});
