// Sessions and requests: cross-site forgery refused, JSON routes take JSON only, the cookie is Secure
// behind https, a trusted proxy names the client, and the sandbox stays on this machine.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, smsCodes } from '../src/db/schema.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { client, login, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ embedOrigins: ['https://broker.example'] });
});
afterAll(() => server.close());

describe('CSRF: a state-changing request must come from the app or a page allowed to embed it', () => {
  it('a form on another site carrying the cookie is refused, and nothing is created', async () => {
    const c = await login(server, '127770001');
    const forged = await c.request('POST', '/kh/account/apply/create', { json: { relatedType: 'INIT' }, headers: { origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    expect(forged.body.msg).toBe('This request did not come from the account-opening page, so it was refused.');
    const noOrigin = await c.request('POST', '/kh/account/apply/create', { json: { relatedType: 'INIT' }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(noOrigin.status).toBe(403);
    const member = (await c.get('/passport/getUsers')).body.data.mid;
    expect(await server.database.db.select().from(applications).where(eq(applications.memberId, member))).toHaveLength(0);
  });
  it('the app\'s own origin and an allowed embedding page pass', async () => {
    const c = await login(server, '127770002');
    expect((await c.request('POST', '/kh/account/apply/check', { json: {}, headers: { origin: server.baseUrl } })).status).toBe(200);
    expect((await c.request('POST', '/kh/account/apply/check', { json: {}, headers: { origin: 'https://broker.example', 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });
  it('the JSON routes refuse the bodies an HTML form sends', async () => {
    const c = await login(server, '127770003');
    for (const [type, body] of [['application/x-www-form-urlencoded', 'relatedType=INIT'], ['text/plain', '{"relatedType":"INIT"}'], ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="relatedType"\r\n\r\nINIT\r\n--x--\r\n']]) {
      const res = await c.request('POST', '/kh/account/apply/create', { body, headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
    }
  });
});

describe('the session cookie and the client address', () => {
  it('is Secure whenever the public origin is https', async () => {
    const https = await startServer({ publicOrigin: 'https://open.broker.example' });
    try {
      const c = client(https);
      await c.sendCode('127770004');
      const code = /(\d{6})/.exec(((await (await fetch(`${https.baseUrl}/dev/outbox`, { headers: { accept: 'application/json' } })).json()) as { data: { body: string }[] }).data[0].body)![1];
      const used = await c.form('/passport/sms/auth-code/use', { mobile: '127770004', countryCode: '60', code });
      expect(used.setCookie).toMatch(/; Secure/i);
      expect(used.setCookie).toMatch(/HttpOnly/i);
    } finally {
      await https.close();
    }
  });
  it('X-Forwarded-For is believed only from a trusted proxy (KH_TRUST_PROXY)', async () => {
    const send = async (target: TestServer, mobile: string) => {
      const browser = client(target);
      return browser.request('POST', '/passport/sms/auth-code/send', { form: await browser.signedCodeRequest(mobile), headers: { 'x-forwarded-for': '203.0.113.7' } });
    };
    await send(server, '127770005');
    expect((await server.database.db.select().from(smsCodes).where(eq(smsCodes.mobile, '127770005')))[0].ip).toBe('127.0.0.1');
    const proxied = await startServer({ trustProxy: true });
    try {
      await send(proxied, '127770006');
      expect((await proxied.database.db.select().from(smsCodes).where(eq(smsCodes.mobile, '127770006')))[0].ip).toBe('203.0.113.7');
    } finally {
      await proxied.close();
    }
  });
});

describe('the sandbox is safe on a laptop', () => {
  it('dev mode listens on 127.0.0.1 only, unless told otherwise', () => {
    expect(() => loadConfig({ KH_DEV: '1', HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ KH_DEV: '1', HOST: '0.0.0.0' })).toThrow(/KH_SANDBOX_EXPOSE/);
    expect(loadConfig({ KH_DEV: '1', HOST: '0.0.0.0', KH_SANDBOX_EXPOSE: '1' }).host).toBe('0.0.0.0');
    expect(loadConfig({ KH_DEV: '0', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
