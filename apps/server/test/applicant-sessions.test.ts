// An applicant's session ends after 30 idle minutes and after 12 hours at most (ASVS L2 3.3.2), and
// the app is told both so it can warn before; "log out everywhere" ends every
// session of the account; and the phone's hand-off session ends when the computer logs out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../src/db/schema.ts';
import { client, latestCode, login, startServer, type Client, type TestServer } from './harness.ts';

let server: TestServer;
let phone = 0;
beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
});
afterAll(() => server.close());

const nextMobile = () => `12${String(6100000 + phone++)}`;

/** A second device of the same applicant: its own code, its own session. */
async function secondDevice(mobile: string): Promise<Client> {
  const c = client(server);
  // The resend wait is per phone: the second device's code is asked for after it.
  await server.database.db.execute(sql`update sms_codes set created_at = created_at - interval '2 minutes' where mobile = ${mobile}`);
  expect((await c.sendCode(mobile)).status).toBe(200);
  expect((await c.form('/passport/sms/auth-code/use', { mobile, countryCode: '60', code: await latestCode(server, mobile) })).status).toBe(200);
  return c;
}

describe('applicant sessions', () => {
  it('end after the idle time without a request; a session in use is kept alive', async () => {
    const mobile = nextMobile();
    const c = await login(server, mobile);
    expect((await c.get('/passport/getUsers')).status).toBe(200);
    const idle = server.config.sessionIdleMinutes;
    // Used just under the idle time ago: still alive, and touched.
    await server.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - (idle - 1) * 60_000) });
    expect((await c.get('/passport/getUsers')).status).toBe(200);
    const [touched] = await server.database.db.select().from(sessions);
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(60_000);
    // Then idle past it: ended, though its 7 days are not over.
    await server.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - (idle + 1) * 60_000) });
    expect((await c.get('/passport/getUsers')).status).toBe(401);
    expect((await c.post('/kh/account/apply/check')).status).toBe(401);
  });

  it('last 30 idle minutes and 12 hours at most, both told to the app; asking to stay keeps it alive', async () => {
    expect(server.config.sessionIdleMinutes).toBe(30);
    const mobile = nextMobile();
    const c = await login(server, mobile);
    const [session] = await server.database.db.select().from(sessions).orderBy(sql`created_at desc`).limit(1);
    const hours = (session.expiresAt.getTime() - session.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    const checked = (await c.form('/passport/login/check', {})).body.data;
    expect(checked.session).toEqual({ idleMinutes: 30, expiresAt: session.expiresAt.toISOString() });
    // Every signed-in answer says both, so a page drawn signed in knows them without asking; a signed-out one says nothing.
    const answered = await c.post('/kh/account/apply/check');
    expect(answered.headers.get('x-session-idle-minutes')).toBe('30');
    expect(answered.headers.get('x-session-expires')).toBe(session.expiresAt.toISOString());
    const stranger = await client(server).post('/kh/account/apply/check');
    expect(stranger.status).toBe(401);
    expect(stranger.headers.get('x-session-idle-minutes')).toBeNull();
    // Idle 25 minutes: the app's "stay signed in" keeps it for another 30.
    await server.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 25 * 60_000) }).where(eq(sessions.id, session.id));
    const kept = await c.post('/passport/session/keep');
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ idleMinutes: 30, expiresAt: session.expiresAt.toISOString() });
    const [after] = await server.database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(Date.now() - after.lastSeenAt.getTime()).toBeLessThan(5_000);
    // Past its 12 hours it ends, however busy.
    await server.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, session.id));
    expect((await c.post('/passport/session/keep')).status).toBe(401);
  });

  it('log out everywhere ends the sessions of every device of the account', async () => {
    const mobile = nextMobile();
    const desk = await login(server, mobile);
    const pocket = await secondDevice(mobile);
    expect((await pocket.get('/passport/getUsers')).status).toBe(200);
    expect((await desk.form('/passport/logout', { everywhere: 'true' })).status).toBe(200);
    expect((await desk.get('/passport/getUsers')).status).toBe(401);
    expect((await pocket.get('/passport/getUsers')).status).toBe(401);
  });

  it('a plain log out ends this device only', async () => {
    const mobile = nextMobile();
    const desk = await login(server, mobile);
    const pocket = await secondDevice(mobile);
    await desk.form('/passport/logout', {});
    expect((await desk.get('/passport/getUsers')).status).toBe(401);
    expect((await pocket.get('/passport/getUsers')).status).toBe(200);
  });

  it('the phone that came by the computer\'s QR code is logged out with the computer', async () => {
    const pc = await login(server, nextMobile());
    const { applyId } = (await pc.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    const { url } = (await pc.form('/ekyc/handoff', { relateType: 'INIT', relateId: applyId })).body.data;
    const phoneClient = client(server);
    await phoneClient.get(new URL(url).pathname);
    expect((await phoneClient.get('/passport/getUsers')).status).toBe(200);
    await pc.form('/passport/logout', {});
    expect((await phoneClient.get('/passport/getUsers')).status).toBe(401);
    expect((await server.database.db.select().from(sessions).where(eq(sessions.handoffApplicationId, applyId)))).toHaveLength(0);
  });
});
