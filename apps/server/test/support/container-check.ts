// What .ci/container.sh checks of the built image (KH_IMAGE): its migration command on a fresh
// database of the CI's PostgreSQL (TEST_DATABASE_URL), then the server from it in production mode,
// on a read-only root filesystem, as a user of its own; healthy by its HEALTHCHECK; an applicant logs
// in (the code through a fake SMS provider on this machine) and saves a step through it.
import { execFileSync } from 'node:child_process';
import { signFields } from '@kh/api';
import { freePort } from '@kh/testing';
import { fakeSmsProvider } from '../fake-sms-provider.ts';
import { answers, payloadOf } from '../fixtures.ts';
import { freshPostgresDatabase } from '../harness.ts';

const image = process.env.KH_IMAGE ?? 'localhost/kh-onboarding:ci';
const podmanArgs = (process.env.KH_PODMAN_ARGS ?? '').split(' ').filter(Boolean);
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');

const podman = (...args: string[]) => execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const check = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`container check failed: ${what}`);
  console.log(`container: ${what}`);
};

const databaseUrl = await freshPostgresDatabase(adminUrl);
const sms = await fakeSmsProvider('image-key');
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const env = {
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  KH_PUBLIC_ORIGIN: baseUrl,
  KH_CONSOLE_ORIGIN: `http://localhost:${port}`,
  KH_SIGNING_SECRET: 'container-check-signing-secret-32chars',
  KH_SMS_URL: sms.url,
  KH_SMS_API_KEY: 'image-key',
  KH_SMTP_URL: 'smtp://127.0.0.1:2525',
  KH_MAIL_FROM: 'Broker <no-reply@broker.example>',
  KH_METRICS_TOKEN: 'container-check-metrics-token',
  KH_SANDBOX: '1',
  KH_DRAIN_SECONDS: '0',
};
const envArgs = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
const name = `kh-check-${port}`;

try {
  // The release's migration, by the image's own command.
  const migrated = podman('run', '--rm', ...podmanArgs, '--network', 'host', '--read-only', ...envArgs, image, 'node', 'apps/server/dist/migrate.js');
  check(/"msg":"migrations run"/.test(migrated), 'node apps/server/dist/migrate.js ran the migrations');

  podman('run', '-d', '--name', name, ...podmanArgs, '--network', 'host', '--read-only', '--tmpfs', '/tmp', '--tmpfs', '/data:rw,U', ...envArgs, image);
  let ready = false;
  for (let i = 0; i < 120 && !ready; i++) {
    ready = await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false);
    if (!ready) await new Promise((r) => setTimeout(r, 500));
  }
  if (!ready) console.error(podman('logs', name), await fetch(`${baseUrl}/readyz`).then((r) => r.text(), (e: Error) => e.message));
  check(ready, 'the server is ready (/readyz)');

  const user = podman('exec', name, 'id', '-u');
  check(user !== '0' && user === '10001', `it runs as uid ${user}, not root`);
  check(podman('inspect', name, '--format', '{{.HostConfig.ReadonlyRootfs}}') === 'true', 'its root filesystem is read-only');
  let wrote = true;
  try {
    podman('exec', name, 'sh', '-c', 'echo x > /app/written');
  } catch {
    wrote = false;
  }
  check(!wrote, 'nothing can be written under /app');
  check(podman('healthcheck', 'run', name) === '', 'its HEALTHCHECK passes');
  // The operator commands and the fonts the application PDF draws with are in the image.
  for (const file of ['migrate', 'staff-create', 'audit-verify', 'retention']) podman('exec', name, 'test', '-f', `apps/server/dist/${file}.js`);
  const fonts = podman('exec', name, 'node', '-e', "const { createRequire } = require('node:module'); const r = createRequire('/app/apps/server/package.json'); for (const w of ['400Regular/NotoSansSC_400Regular', '700Bold/NotoSansSC_700Bold']) require('node:fs').statSync(r.resolve(`@expo-google-fonts/noto-sans-sc/${w}.ttf`)); console.log('ok')");
  check(fonts === 'ok', 'its commands and the PDF fonts are there');
  const version = (await (await fetch(`${baseUrl}/version`)).json()) as { commit: string };
  check(version.commit !== 'dev', `/version names the build (${version.commit})`);

  // An applicant: the signed code request, the code from the SMS provider, a saved step.
  const cookies = new Map<string, string>();
  const call = async (method: string, path: string, body?: { form?: Record<string, string>; json?: unknown }) => {
    const headers: Record<string, string> = { accept: 'application/json', ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}) };
    let payload: string | undefined;
    if (body?.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    }
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      cookies.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
    }
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
  };
  const mobile = '123457001';
  const nonce = (await call('POST', '/passport/sms/auth-code/nonce', { form: {} })).body.data;
  // The sandbox's bot check passes the token its page would fetch.
  const signed = await signFields({ mobile, countryCode: '60', recaptchaToken: 'sandbox-human' }, nonce.key as string, { nonce: nonce.nonce as string });
  check((await call('POST', '/passport/sms/auth-code/send', { form: Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)])) })).status === 200, 'a login code is sent');
  const code = /(\d{6})/.exec(sms.received.at(-1)!.body.text)![1]!;
  check((await call('POST', '/passport/sms/auth-code/use', { form: { mobile, countryCode: '60', code } })).status === 200, 'the applicant logs in');
  await call('POST', '/kh/account/apply/create', { json: { relatedType: 'INIT' } });
  const contact = answers(7001, { proof: '', statement: '', signature: '' }, mobile).contact;
  const saved = await call('POST', '/kh/account/apply/fill-data', { json: { fillStep: 2000, relatedType: 'INIT', data: payloadOf('contact', contact) } });
  check(saved.status === 200, 'a step is saved through the image');
  const logs = podman('logs', name).split('\n').filter(Boolean);
  check(logs.every((line) => line.startsWith('{')), 'everything it wrote is a JSON line');
} finally {
  try {
    podman('rm', '-f', name);
  } catch {
    // Not started.
  }
  await sms.close();
}
