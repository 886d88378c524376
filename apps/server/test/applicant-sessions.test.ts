// An applicant's session ends when idle as well as after its 7 days; "log out everywhere" ends every
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
