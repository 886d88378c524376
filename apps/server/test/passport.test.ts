// passport over real HTTP: signed send, outbox, code use, sessions, limits, replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFields } from '@kh/api';
import { eq } from 'drizzle-orm';
import { loginNonces } from '../src/db/schema.ts';
import { client, latestCode, login, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());


describe('login by mobile number and SMS code', () => {
  it('sends a code to the sandbox outbox and logs in with it; the session cookie is HttpOnly and SameSite', async () => {
    const c = client(server);
    const sent = await c.sendCode('123456001');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, code: '10010000', msg: 'ok', data: { sent: true, resendAfterSeconds: 60 } });
    const code = await latestCode(server, '123456001');
    const used = await c.form('/passport/sms/auth-code/use', { mobile: '123456001', countryCode: '60', code });
    expect(used.status).toBe(200);
    expect(used.body.data).toMatchObject({ logined: true, mobile: '123456001' });
    expect(used.setCookie).toMatch(/HttpOnly/i);
    expect(used.setCookie).toMatch(/SameSite=Lax/i);
    expect((await c.form('/passport/login/check', {})).body.data.logined).toBe(true);
    expect((await c.get('/passport/getUsers')).body.data.mobile).toBe('123456001');
  });
  it('when the broker\'s pages embed the app, the cookie travels in their frame: SameSite=None, Secure, Partitioned', async () => {
    const embedded = await startServer({ embedOrigins: ['https://broker.example'] });
    const c = client(embedded);
    await c.sendCode('123456040');
    const used = await c.form('/passport/sms/auth-code/use', { mobile: '123456040', countryCode: '60', code: await latestCode(embedded, '123456040') });
    expect(used.setCookie).toMatch(/SameSite=None/i);
    expect(used.setCookie).toMatch(/; Secure/i);
    expect(used.setCookie).toMatch(/Partitioned/i);
    await embedded.close();
  });
  it('the /login call accepts the code too; /logout ends the session', async () => {
    const c = client(server);
    await c.sendCode('123456002');
    const code = await latestCode(server, '123456002');
    expect((await c.form('/passport/login', { mobile: '123456002', countryCode: '60', code })).status).toBe(200);
    await c.form('/passport/logout', {});
    expect((await c.form('/passport/login/check', {})).body.data.logined).toBe(false);
  });
  it('not logged in: 401 with the login code, translated', async () => {
    const res = await client(server, 'zh-HK').get('/passport/getUsers');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'api.unlogin', msg: '登入已過期，請重新登入' });
  });
  it('a wrong code is refused, and after 5 attempts the code is dead', async () => {
    const c = client(server);
    await c.sendCode('123456003');
    const code = await latestCode(server, '123456003');
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await c.form('/passport/sms/auth-code/use', { mobile: '123456003', countryCode: '60', code: wrong });
    expect(first.status).toBe(400);
    expect(first.body.msg).toBe('Verification code incorrect');
    for (let i = 0; i < 4; i++) await c.form('/passport/sms/auth-code/use', { mobile: '123456003', countryCode: '60', code: wrong });
    const afterLimit = await c.form('/passport/sms/auth-code/use', { mobile: '123456003', countryCode: '60', code });
    expect(afterLimit.status).toBe(429);
  });
  it('isRegisterUser tells a known number from a new one', async () => {
    await login(server, '123456004');
    const c = client(server);
    expect((await c.form('/passport/reg/isRegisterUser', { mobile: '123456004', countryCode: '60' })).body.data.registered).toBe(true);
    expect((await c.form('/passport/reg/isRegisterUser', { mobile: '123450000', countryCode: '60' })).body.data.registered).toBe(false);
  });
  it('mobile/modify moves the login to a new number after its code', async () => {
    const c = await login(server, '123456005');
    await c.sendCode('123456006');
    const code = await latestCode(server, '123456006');
    const res = await c.form('/passport/mobile/modify', { mobile: '123456006', countryCode: '60', code });
    expect(res.body.data.mobile).toBe('123456006');
  });
});

describe('the signed send-auth-code request', () => {
  it('the nonce comes with a key good for that nonce only: never the server key, different for every nonce', async () => {
    const c = client(server);
    const first = (await c.form('/passport/sms/auth-code/nonce', {})).body.data;
    const second = (await c.form('/passport/sms/auth-code/nonce', {})).body.data;
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.key).not.toBe(second.key);
    expect([first.key, second.key]).not.toContain(server.config.signingSecret);
    expect(JSON.stringify((await c.get('/dev/config')).body)).not.toContain(server.config.signingSecret);
  });
  it('refuses a bad signature', async () => {
    const c = client(server);
    const { nonce } = (await c.form('/passport/sms/auth-code/nonce', {})).body.data;
    const res = await c.form('/passport/sms/auth-code/send', await signFields({ mobile: '123456010', countryCode: '60' }, 'a-key-the-server-never-gave', { nonce }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/could not be verified/);
  });
  it('refuses a nonce and key used from another browser (another device cookie)', async () => {
    const signed = await client(server).signedCodeRequest('123456014');
    const res = await client(server).form('/passport/sms/auth-code/send', signed);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/could not be verified/);
  });
  it('refuses a stale timestamp', async () => {
    const res = await client(server).sendCode('123456011', { timestamp: Date.now() - 10 * 60_000 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/expired/);
  });
  it('refuses a replay of the same signed request, and a nonce past its time', async () => {
    const c = client(server);
    const body = await c.signedCodeRequest('123456012');
    expect((await c.form('/passport/sms/auth-code/send', body)).status).toBe(200);
    const replay = await c.form('/passport/sms/auth-code/send', body);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('40010005');
    const late = await c.signedCodeRequest('123456015');
    await server.database.db.update(loginNonces).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(loginNonces.nonce, late.nonce));
    expect((await c.form('/passport/sms/auth-code/send', late)).body.code).toBe('40010005');
  });
  it('refuses a second code within 60 s, and more than 5 an hour per phone', async () => {
    const c = client(server);
    expect((await c.sendCode('123456013')).status).toBe(200);
    const again = await c.sendCode('123456013');
    expect(again.status).toBe(429);
    expect(again.body.msg).toBe('Please wait 60 seconds before asking for another code.');
  });
  it('refuses more than the per-IP number of codes not used in an hour, and the asking itself past its own bound', async () => {
    const limited = await startServer({ sms: { ...server.config.sms, perIpPerHour: 3, requestsPerIpPerHour: 5 } });
    const send = async (mobile: string) => client(limited).sendCode(mobile);
    for (const mobile of ['123456030', '123456031', '123456032']) expect((await send(mobile)).status).toBe(200);
    const fourth = await send('123456033');
    expect(fourth.status).toBe(429);
    expect(fourth.body.msg).toMatch(/^Codes were asked for from here and not used\. Use the latest code you received, or try again in \d+ minutes\.$/);
    await send('123456034');
    const flood = await send('123456035');
    expect(flood.status).toBe(429);
    expect(flood.body.msg).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    await limited.close();
  });
  it('refuses a malformed phone with an envelope 400, never a 500', async () => {
    const res = await client(server).form('/passport/sms/auth-code/send', { mobile: 'abc', countryCode: '60' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: '400' });
  });
});

describe('debug login with mobile and password', () => {
  it('works in dev mode with the sandbox password', async () => {
    const res = await client(server).form('/passport/login', { mobile: '123456020', countryCode: '60', password: server.config.devPassword });
    expect(res.status).toBe(200);
  });
  it('is refused outside dev mode', async () => {
    const production = await startServer({ dev: false });
    const res = await client(production).form('/passport/login', { mobile: '123456021', countryCode: '60', password: 'sandbox' });
    expect(res.status).toBe(400);
    expect((await client(production).get('/dev/outbox')).status).toBe(404);
    await production.close();
  });
});
