// SPEC §7's bot check at login: a token is fetched with action login and verified on send-code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { productionEnv } from './support/production-env.ts';
import { client, startServer, type TestServer } from './harness.ts';
import { fakeRecaptcha } from './fake-recaptcha.ts';
import { RECAPTCHA_ORIGINS } from '../src/pages/web.ts';
import { appCsp } from '../src/http/csp.ts';

describe('with reCAPTCHA v3', () => {
  let server: TestServer;
  let recaptcha: Awaited<ReturnType<typeof fakeRecaptcha>>;
  beforeAll(async () => {
    recaptcha = await fakeRecaptcha('recaptcha-secret');
    server = await startServer({ botCheck: { kind: 'recaptcha', siteKey: 'site-key-1', secret: 'recaptcha-secret', minScore: 0.5, verifyUrl: recaptcha.url, timeoutMs: 2_000 } });
  });
  afterAll(async () => {
    await server.close();
    await recaptcha.close();
  });

  it('the app\'s pages may load reCAPTCHA\'s script and frame, and only where it is the check', () => {
    expect(appCsp([], [], RECAPTCHA_ORIGINS)).toContain("script-src 'self' https://www.google.com https://www.gstatic.com;");
    expect(appCsp([], [], RECAPTCHA_ORIGINS)).toContain("frame-src 'self' https://www.google.com https://www.gstatic.com;");
    expect(appCsp()).toContain("script-src 'self';");
  });
  it('the browser learns the site key to fetch a token with', async () => {
    expect((await client(server).get('/passport/bot-check')).body.data).toEqual({ provider: 'recaptcha', siteKey: 'site-key-1' });
  });
  it('a human\'s token for the login action sends the code; the secret and the address go to the verifier', async () => {
    const sent = await client(server).sendCode('123470101', { recaptchaToken: 'human:login' });
    expect(sent.status).toBe(200);
    expect(recaptcha.received.at(-1)).toMatchObject({ secret: 'recaptcha-secret', response: 'human:login', remoteip: expect.any(String) });
  });
  it.each([
    ['no token', undefined],
    ['a low score', 'bot:login'],
    ['a token for another action', 'human:checkout'],
    ['a token the verifier does not know', 'forged'],
  ])('%s: refused, in words, and no code is sent', async (_case, token) => {
    const sent = await client(server).sendCode('123470102', token ? { recaptchaToken: token } : {});
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ code: '40010010', msg: 'We could not confirm that you are not a robot. Please try again.' });
    const outbox = await fetch(`${server.baseUrl}/dev/outbox`, { headers: { accept: 'application/json' } }).then((r) => r.json());
    expect(outbox.data.filter((m: { mobile: string }) => m.mobile === '123470102')).toEqual([]);
  });
  it('a verifier that cannot be reached is a dependency outage: 503 with Retry-After, not a refusal', async () => {
    recaptcha.setDown(true);
    try {
      const sent = await client(server).sendCode('123470103', { recaptchaToken: 'human:login' });
      expect(sent.status).toBe(503);
    } finally {
      recaptcha.setDown(false);
    }
  });
});

describe('in the sandbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  it('the sandbox app\'s token passes; no token, the bot\'s and any other are refused', async () => {
    expect((await client(server).get('/passport/bot-check')).body.data).toEqual({ provider: 'sandbox' });
    expect((await client(server).sendCode('123470111', { recaptchaToken: 'sandbox-human' })).status).toBe(200);
    for (const [mobile, recaptchaToken] of [['123470112', 'sandbox-bot'], ['123470113', ''], ['123470114', 'anything']] as const) {
      const refused = await client(server).sendCode(mobile, { recaptchaToken });
      expect(refused.status, recaptchaToken || 'no token').toBe(400);
    }
  });
});

describe('configuration', () => {
  it('a live deployment (no sandbox) needs reCAPTCHA, or says there is none', () => {
    const real = productionEnv({ KH_SANDBOX: undefined, KH_ZOLOZ_URL: 'x', KH_GHL_URL: 'y' });
    expect(() => loadConfig(real)).toThrow(/^KH_RECAPTCHA_SITE_KEY: /);
    expect(() => loadConfig({ ...real, KH_RECAPTCHA_SITE_KEY: 'k' })).toThrow(/reCAPTCHA needs both/);
    expect(() => loadConfig({ ...real, KH_RECAPTCHA_SITE_KEY: 'k', KH_RECAPTCHA_SECRET: 's', KH_RECAPTCHA_MIN_SCORE: '2' })).toThrow(/^KH_RECAPTCHA_MIN_SCORE: /);
    expect(() => loadConfig({ ...real, KH_BOT_CHECK: 'maybe' })).toThrow();
  });
  it('a staging site runs the sandbox check; reCAPTCHA when its keys are given; none when asked', () => {
    expect(loadConfig(productionEnv()).botCheck).toEqual({ kind: 'sandbox' });
    expect(loadConfig(productionEnv({ KH_RECAPTCHA_SITE_KEY: 'k', KH_RECAPTCHA_SECRET: 's' })).botCheck).toMatchObject({ kind: 'recaptcha', siteKey: 'k', minScore: 0.5, verifyUrl: 'https://www.google.com/recaptcha/api/siteverify' });
    expect(loadConfig(productionEnv({ KH_BOT_CHECK: 'none' })).botCheck).toEqual({ kind: 'none' });
  });
});
