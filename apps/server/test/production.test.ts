// Production mode: what it refuses to start without, and the server started exactly as README's
// "Run in production" says (built JavaScript, plain node, PostgreSQL, an HTTP SMS provider, ZOLOZ and GHL), then
// used as a browser would: log in with the signed code request, save a step.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import S3rver from 's3rver';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@kh/testing';
import { ConfigError, loadConfig } from '../src/config.ts';
import { POSTGRES_URL, client, freshPostgresDatabase, login, type TestServer } from './harness.ts';
import { answers, fill, payloadOf, pngBytes, upload } from './fixtures.ts';
import { fakeSmsProvider } from './fake-sms-provider.ts';
import { fakeRecaptcha } from './fake-recaptcha.ts';
import { productionEnv } from './support/production-env.ts';
import { fakeZoloz } from './fake-zoloz.ts';
import { generateKeyPairSync } from 'node:crypto';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(serverDir, '../..');


const zolozKeys = { merchant: generateKeyPairSync('rsa', { modulusLength: 2048 }), zoloz: generateKeyPairSync('rsa', { modulusLength: 2048 }) };
const zolozEnv = {
  KH_ZOLOZ_URL: 'https://sg-production-api.zoloz.com',
  KH_ZOLOZ_CLIENT_ID: '2188000000000001',
  KH_ZOLOZ_PRIVATE_KEY: zolozKeys.merchant.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  KH_ZOLOZ_PUBLIC_KEY: zolozKeys.zoloz.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
};
const recaptchaEnv = { KH_RECAPTCHA_SITE_KEY: 'site-key', KH_RECAPTCHA_SECRET: 'recaptcha-secret' };
const ghlEnv = { KH_GHL_URL: 'https://pay.ghl.example/IPGSG/Payment.aspx', KH_GHL_SERVICE_ID: 'KHB', KH_GHL_PASSWORD: 'merchant-password' };

describe('production mode refuses to start without what it needs, naming the variable', () => {
  const refusals: [string, string, Record<string, string | undefined>][] = [
    ['KH_SIGNING_SECRET', 'unset', { KH_SIGNING_SECRET: undefined }],
    ['KH_SIGNING_SECRET', 'too short', { KH_SIGNING_SECRET: 'short' }],
    ['DATABASE_URL', 'unset (no embedded database in production)', { DATABASE_URL: undefined }],
    ['DATABASE_URL', 'not PostgreSQL', { DATABASE_URL: 'mysql://db/kh' }],
    ['KH_PUBLIC_ORIGIN', 'unset', { KH_PUBLIC_ORIGIN: undefined }],
    ['KH_PUBLIC_ORIGIN', 'http on a public host', { KH_PUBLIC_ORIGIN: 'http://open.broker.example' }],
    ['KH_PUBLIC_ORIGIN', 'with a path', { KH_PUBLIC_ORIGIN: 'https://open.broker.example/app' }],
    ['KH_SMS_URL', 'unset (codes must reach a phone)', { KH_SMS_URL: undefined }],
    ['KH_SMS_API_KEY', 'unset', { KH_SMS_API_KEY: undefined }],
    ['KH_METRICS_TOKEN', 'unset', { KH_METRICS_TOKEN: undefined }],
    ['KH_CONSOLE_ORIGIN', 'unset (the staff API would answer on the applicants\' origin)', { KH_CONSOLE_ORIGIN: undefined }],
    ['KH_SMTP_URL', 'unset (the decision e-mails must go out)', { KH_SMTP_URL: undefined }],
    ['KH_MAIL_FROM', 'unset', { KH_MAIL_FROM: undefined }],
    ['KH_ZOLOZ_URL', 'unset without KH_SANDBOX (no identity provider)', { KH_SANDBOX: undefined }],
    ['KH_GHL_URL', 'unset without KH_SANDBOX (no card gateway)', { KH_SANDBOX: undefined, ...zolozEnv }],
    ['KH_RECAPTCHA_SITE_KEY', 'unset without KH_SANDBOX (no bot check at login)', { KH_SANDBOX: undefined, ...zolozEnv, ...ghlEnv }],
    ['KH_DEV', 'dev mode asked for', { KH_DEV: '1' }],
  ];
  it.each(refusals)('%s: %s', (variable, _case, change) => {
    expect(() => loadConfig(productionEnv(change))).toThrow(ConfigError);
    expect(() => loadConfig(productionEnv(change))).toThrow(new RegExp(`^${variable}: `));
  });
  it('KH_ENV=production is production too', () => {
    expect(() => loadConfig({ ...productionEnv({ NODE_ENV: undefined, KH_ENV: 'production' }), KH_SIGNING_SECRET: undefined })).toThrow(/^KH_SIGNING_SECRET: /);
  });
  it('with everything set: no dev mode, the sandbox providers without their outcome controls, the SMS provider', () => {
    const config = loadConfig(productionEnv());
    expect(config).toMatchObject({ production: true, dev: false, sandbox: true, sandboxControls: false, smsProvider: { url: 'https://sms.provider.example/v1/messages', apiKey: 'sms-key' } });
  });
  it('with the real identity provider and card gateway: no sandbox pages at all', () => {
    const config = loadConfig(productionEnv({ KH_SANDBOX: undefined, ...zolozEnv, ...ghlEnv, ...recaptchaEnv }));
    expect(config).toMatchObject({ production: true, sandbox: false, sandboxControls: false, ghl: { serviceId: 'KHB' }, zoloz: { clientId: '2188000000000001' }, botCheck: { kind: 'recaptcha', siteKey: 'site-key' } });
  });
  it('outside production the sandbox runs with its controls, and the signing key is random per start', () => {
    const a = loadConfig({});
    expect(a).toMatchObject({ production: false, dev: true, sandbox: true, sandboxControls: true });
    expect(a.signingSecret).not.toBe(loadConfig({}).signingSecret);
  });
});

let built = false;
/** Exactly README's build command for the server, once per run. */
function buildOnce() {
  if (built) return;
  const run = spawnSync('pnpm', ['--filter', '@kh/server', 'build'], { cwd: repoDir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`build failed:\n${run.stdout}\n${run.stderr}`);
  built = true;
}

/** The release's migrations, by the built command (`node dist/migrate.js`), as an operator runs them. */
function migrateOnce(databaseUrl: string) {
  const run = spawnSync(process.execPath, ['apps/server/dist/migrate.js'], { cwd: repoDir, encoding: 'utf8', env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl } });
  if (run.status !== 0) throw new Error(`migrate failed: ${run.stdout}${run.stderr}`);
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /healthz:\n${output()}`);
}

// Production runs on PostgreSQL only: this part runs in the server suite's PostgreSQL pass.
describe.skipIf(!POSTGRES_URL)('the built server in production mode (node dist/main.js, PostgreSQL)', () => {
  let child: ChildProcess;
  let sms: Awaited<ReturnType<typeof fakeSmsProvider>>;
  let recaptcha: Awaited<ReturnType<typeof fakeRecaptcha>>;
  let zoloz: Awaited<ReturnType<typeof fakeZoloz>>;
  let baseUrl: string;
  let output = '';
  const metricsToken = 't'.repeat(32);

  beforeAll(async () => {
    buildOnce();
    sms = await fakeSmsProvider('provider-key');
    recaptcha = await fakeRecaptcha('recaptcha-secret');
    zoloz = await fakeZoloz();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // A release migrates once, by its own command, before its instances start.
    const databaseUrl = await freshPostgresDatabase(POSTGRES_URL!);
    migrateOnce(databaseUrl);
    child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: repoDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        KH_DRAIN_SECONDS: '0',
        KH_PUBLIC_ORIGIN: baseUrl,
        KH_CONSOLE_ORIGIN: baseUrl.replace('127.0.0.1', 'localhost'),
        KH_SIGNING_SECRET: 's'.repeat(40),
        KH_SMS_URL: sms.url,
        KH_SMS_API_KEY: 'provider-key',
        KH_METRICS_TOKEN: metricsToken,
        KH_SMTP_URL: 'smtp://127.0.0.1:2525',
        KH_MAIL_FROM: 'Broker <no-reply@broker.example>',
        // The real adapters, no sandbox: what a live deployment runs.
        KH_ZOLOZ_URL: zoloz.settings.apiUrl,
        KH_ZOLOZ_CLIENT_ID: zoloz.settings.clientId,
        KH_ZOLOZ_PRIVATE_KEY: zoloz.settings.merchantPrivateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        KH_ZOLOZ_PUBLIC_KEY: zoloz.settings.zolozPublicKey.export({ format: 'pem', type: 'spki' }).toString(),
        ...ghlEnv,
        KH_RECAPTCHA_SITE_KEY: 'site-key',
        KH_RECAPTCHA_SECRET: 'recaptcha-secret',
        KH_RECAPTCHA_VERIFY_URL: recaptcha.url,
        LOG_LEVEL: 'warn',
      },
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    await waitForHealth(baseUrl, child, () => output);
  }, 120_000);
  afterAll(async () => {
    child?.kill('SIGTERM');
    if (child && child.exitCode === null) await once(child, 'exit');
    await sms?.close();
    await recaptcha?.close();
    await zoloz?.close();
  });

  it('runs no TypeScript loader: the process is plain node on the built file', () => {
    expect(existsSync(resolve(serverDir, 'dist/main.js'))).toBe(true);
    expect(child.spawnargs).toEqual([process.execPath, 'apps/server/dist/main.js']);
  });
  it('a browser logs in (nonce, signed request, the code from the SMS provider) and saves a step', async () => {
    const browser = client({ baseUrl } as TestServer);
    const mobile = '123458801';
    // The bot check runs: no token, no code; a human's token for the login action, a code.
    expect((await browser.sendCode(mobile)).status).toBe(400);
    const sent = await browser.sendCode(mobile, { recaptchaToken: 'human:login' });
    expect(sent.status).toBe(200);
    const message = sms.received.at(-1)!;
    expect(message.authorization).toBe('Bearer provider-key');
    expect(message.body).toMatchObject({ to: `+60${mobile}`, from: expect.any(String) });
    const code = /(\d{6})/.exec(message.body.text)![1];
    const used = await browser.form('/passport/sms/auth-code/use', { mobile, countryCode: '60', code });
    expect(used.status).toBe(200);
    const created = await browser.post('/kh/account/apply/create', { relatedType: 'INIT' });
    expect(created.status).toBe(200);
    const contact = answers(8801, { proof: '', statement: '', signature: '' }, mobile).contact;
    const saved = await browser.post('/kh/account/apply/fill-data', { fillStep: 2000, relatedType: 'INIT', data: payloadOf('contact', contact) });
    expect(saved.body).toMatchObject({ success: true, data: { fillStep: 2000 } });
    const fetched = await browser.post('/kh/account/apply/fetch-data', { fillStep: 2000, relatedType: 'INIT' });
    expect(fetched.body.data).toMatchObject({ email: contact.email });
  });
  it('sends the identity check to ZOLOZ and the card payment to GHL; the sandbox pages are not there', async () => {
    const browser = client({ baseUrl } as TestServer);
    const mobile = '123458803';
    expect((await browser.sendCode(mobile, { recaptchaToken: 'human:login' })).status).toBe(200);
    const code = /(\d{6})/.exec(sms.received.at(-1)!.body.text)![1];
    expect((await browser.form('/passport/sms/auth-code/use', { mobile, countryCode: '60', code })).status).toBe(200);
    const { applyId } = (await browser.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    const init = await browser.form('/ekyc/rest-api/ctos/init', { relateType: 'INIT', relateId: applyId, responseUrl: '/iam/transit', documentName: 'Tan Ah Kow', idKind: 106, documentNumber: '900101145678' });
    expect(init.status).toBe(200);
    expect(zoloz.transactionOf(init.body.data.h5RedirectUrl).init.signatureValid).toBe(true);
    const order = (await browser.post('/money/payment/ghl/applyPay', { relateId: applyId, merchantReturnURL: '/payment/transit' })).body.data.result;
    expect(new URL(order.redirectUrl).origin).toBe('https://pay.ghl.example');
    expect((await browser.get(`/sandbox/ekyc/${init.body.data.checkId}`, { t: 'x' })).status).toBe(404);
    expect((await browser.get('/sandbox/assets/ekyc.js')).status).toBe(404);
  });
  it('has no dev routes and no debug login', async () => {
    const browser = client({ baseUrl } as TestServer);
    expect((await browser.get('/dev/config')).status).toBe(404);
    expect((await browser.get('/dev/outbox')).status).toBe(404);
    expect((await browser.get('/dev/mail')).status).toBe(404);
    expect((await browser.form('/passport/login', { mobile: '123458802', countryCode: '60', password: 'sandbox' })).status).toBe(400);
  });
  it('serves the app: index.html never cached, the hashed assets cached for good', async () => {
    const page = await fetch(`${baseUrl}/status/entry`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = /\/assets\/[^"]+\.js/.exec(await page.text())![0];
    const script = await fetch(`${baseUrl}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
  });
  it('/metrics answers only with the token; /readyz reports the database and storage', async () => {
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/kh_step_saves_total\{step="contact"\} 1/);
    expect(await (await fetch(`${baseUrl}/readyz`)).json()).toEqual({ ready: true, database: true, storage: true, draining: false });
  });
  it('a missing setting stops the start with one JSON line naming it', () => {
    const run = spawnSync(process.execPath, ['apps/server/dist/main.js'], { cwd: repoDir, encoding: 'utf8', env: { PATH: process.env.PATH, ...productionEnv({ KH_SIGNING_SECRET: undefined }) } });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ level: 60, setting: 'KH_SIGNING_SECRET', msg: expect.stringMatching(/^KH_SIGNING_SECRET: /) });
  });
});

describe.skipIf(!POSTGRES_URL)('two built instances on one PostgreSQL and one S3 server; one is killed (SIGKILL)', () => {
  const instances: ChildProcess[] = [];
  let s3: S3rver;
  let sms: Awaited<ReturnType<typeof fakeSmsProvider>>;
  afterAll(async () => {
    for (const child of instances) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await sms?.close();
    await s3?.close();
  });

  it('what instance A acknowledged (session, upload, saved step) is there on instance B after A is killed', async () => {
    buildOnce();
    const s3Port = await freePort();
    s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 'kh-s3-')), configureBuckets: [{ name: 'kh-prod', configs: [] }] });
    await s3.run();
    sms = await fakeSmsProvider('provider-key');
    const databaseUrl = await freshPostgresDatabase(POSTGRES_URL!);
    migrateOnce(databaseUrl);
    const start = async () => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      let output = '';
      const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
        cwd: repoDir,
        env: {
          PATH: process.env.PATH,
          ...productionEnv({ DATABASE_URL: databaseUrl, KH_PUBLIC_ORIGIN: baseUrl, KH_SMS_URL: sms.url, KH_SMS_API_KEY: 'provider-key', KH_SMTP_URL: 'smtp://127.0.0.1:2525' }),
          PORT: String(port),
          KH_S3_BUCKET: 'kh-prod',
          KH_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          KH_S3_ACCESS_KEY_ID: 'S3RVER',
          KH_S3_SECRET_ACCESS_KEY: 'S3RVER',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'kh-instance-')),
          KH_DRAIN_SECONDS: '0',
          LOG_LEVEL: 'warn',
        },
      });
      instances.push(child);
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
      return { child, baseUrl, ready: () => waitForHealth(baseUrl, child, () => output) };
    };
    // Started together: queue creation takes turns.
    const [a, b] = await Promise.all([start(), start()]);
    await Promise.all([a.ready(), b.ready()]);

    const target = { baseUrl: a.baseUrl } as TestServer;
    const browser = client(target);
    const mobile = '123458810';
    expect((await browser.sendCode(mobile)).status).toBe(200);
    const code = /(\d{6})/.exec(sms.received.at(-1)!.body.text)![1];
    expect((await browser.form('/passport/sms/auth-code/use', { mobile, countryCode: '60', code })).status).toBe(200);
    expect((await browser.post('/kh/account/apply/create', { relatedType: 'INIT' })).status).toBe(200);
    const uploaded = await upload(browser, await pngBytes(40, 30));
    expect(uploaded.status).toBe(200);
    const contact = answers(8810, { proof: '', statement: '', signature: '' }, mobile).contact;
    expect((await fill(browser, 'contact', contact)).status).toBe(200);

    a.child.kill('SIGKILL');
    await once(a.child, 'exit');
    target.baseUrl = b.baseUrl;

    expect((await browser.form('/passport/login/check', {})).body.data.logined).toBe(true);
    expect((await browser.post('/kh/account/apply/fetch-data', { fillStep: 2000, relatedType: 'INIT' })).body.data).toMatchObject({ email: contact.email });
    expect((await browser.get('/pdp/preview', { relativePath: uploaded.body.data.filepath })).status).toBe(200);
    expect((await fill(browser, 'market', answers(8810, { proof: '', statement: '', signature: '' }, mobile).market)).status).toBe(200);
  }, 180_000);
});

describe('the default start (node dist/main.js on the embedded database, run in a worker thread)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kh-default-start-'));
  let port: number;
  let baseUrl: string;
  async function start() {
    // The same address again after a restart: the client keeps its session cookie for it.
    port ??= await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    let output = '';
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: repoDir, env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, KH_DEV: '1', KH_PUBLIC_ORIGIN: baseUrl, LOG_LEVEL: 'warn' } });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    await waitForHealth(baseUrl, child, () => output);
    return child;
  }
  const stop = async (child: ChildProcess) => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  };

  it('saves a step, stops, and finds it again on the next start', async () => {
    buildOnce();
    let child = await start();
    try {
      expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
      const browser = await login({ baseUrl } as TestServer, '123458802');
      expect((await browser.post('/kh/account/apply/create', { relatedType: 'INIT' })).status).toBe(200);
      const contact = answers(8802, { proof: '', statement: '', signature: '' }, '123458802').contact;
      expect((await browser.post('/kh/account/apply/fill-data', { fillStep: 2000, relatedType: 'INIT', data: payloadOf('contact', contact) })).body).toMatchObject({ success: true });
      await stop(child);
      child = await start();
      const fetched = await browser.post('/kh/account/apply/fetch-data', { fillStep: 2000, relatedType: 'INIT' });
      expect(fetched.body.data).toMatchObject({ email: contact.email });
    } finally {
      await stop(child);
    }
  }, 120_000);
});
