// The SMS adapter contract, run against the sandbox outbox and against the HTTP adapter talking to a
// fake provider that speaks the real wire format; then what an applicant sees when the provider fails.
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../src/db/schema.ts';
import { SmsDeliveryError, httpSms, maskedNumber, sandboxSms, type SmsSender } from '../src/messages/sms.ts';
import { client, startServer, type TestServer } from './harness.ts';
import { fakeSmsProvider } from './fake-sms-provider.ts';

const noop = () => undefined;
const silent = { level: 'silent', info: noop, warn: noop, error: noop, debug: noop, trace: noop, fatal: noop, silent: noop, child: () => silent } as unknown as FastifyBaseLogger;
let sandboxServer: TestServer;
let provider: Awaited<ReturnType<typeof fakeSmsProvider>>;
beforeAll(async () => {
  sandboxServer = await startServer();
  provider = await fakeSmsProvider('key-1');
});
afterAll(async () => {
  await sandboxServer.close();
  await provider.close();
});

const message = { countryCode: '60', mobile: '123459901', body: 'Your verification code is 123456.' };

const adapters: [string, () => SmsSender, () => Promise<{ to: string; text: string }>][] = [
  [
    'sandbox outbox',
    () => sandboxSms(sandboxServer.database.db, silent),
    async () => {
      const [row] = await sandboxServer.database.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(1);
      return { to: `+${row.countryCode}${row.mobile}`, text: row.body };
    },
  ],
  ['HTTP provider', () => httpSms({ url: provider.url, apiKey: 'key-1', sender: 'KH Broker' }, silent), async () => provider.received.at(-1)!.body],
];

describe.each(adapters)('the SMS adapter contract: %s', (_name, adapter, lastDelivered) => {
  it('delivers the text to the number in E.164', async () => {
    await adapter().send(message);
    expect(await lastDelivered()).toMatchObject({ to: '+60123459901', text: message.body });
  });
});

describe('the HTTP provider wire format and failures', () => {
  it('POSTs JSON with the Bearer key and the sender name', async () => {
    await httpSms({ url: provider.url, apiKey: 'key-1', sender: 'KH Broker' }, silent).send(message);
    expect(provider.received.at(-1)).toEqual({ method: 'POST', contentType: 'application/json', authorization: 'Bearer key-1', body: { from: 'KH Broker', to: '+60123459901', text: message.body } });
  });
  it('a refusal, a wrong key, a timeout and an unreachable provider are SmsDeliveryErrors with their reason', async () => {
    const send = (options: { url?: string; apiKey?: string; timeoutMs?: number } = {}) =>
      httpSms({ url: options.url ?? provider.url, apiKey: options.apiKey ?? 'key-1', sender: 'KH' }, silent, options.timeoutMs).send(message);
    await expect(send({ apiKey: 'wrong' })).rejects.toMatchObject({ name: 'SmsDeliveryError', reason: 'refused' });
    provider.setMode('refuse');
    await expect(send()).rejects.toMatchObject({ reason: 'refused' });
    provider.setMode('stall');
    await expect(send({ timeoutMs: 200 })).rejects.toMatchObject({ reason: 'timeout' });
    provider.setMode('accept');
    await expect(send({ url: 'http://127.0.0.1:9/v1/messages' })).rejects.toBeInstanceOf(SmsDeliveryError);
  });
  it('logs hide all but the last three digits', () => {
    expect(maskedNumber({ countryCode: '60', mobile: '123459901' })).toBe('+60••••••901');
  });
});

describe('an applicant whose code could not be sent', () => {
  it('is told so in their language, and may ask again at once (no "wait 60 seconds" for a code that never left)', async () => {
    const failing = await fakeSmsProvider('key-2');
    const server = await startServer({ smsProvider: { url: failing.url, apiKey: 'key-2', sender: 'KH' } });
    try {
      failing.setMode('refuse');
      const browser = client(server, 'zh-HK');
      const refused = await browser.sendCode('123459902');
      expect(refused.status).toBe(502);
      expect(refused.body).toMatchObject({ success: false, msg: '暫時未能發送驗證碼，請稍後再試。' });
      failing.setMode('accept');
      const retried = await browser.sendCode('123459902');
      expect(retried.status).toBe(200);
      expect(failing.received.at(-1)!.body.to).toBe('+60123459902');
      const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
      expect(metrics).toContain('kh_provider_failures_total{provider="sms",reason="refused"} 1');
    } finally {
      await server.close();
      await failing.close();
    }
  });
});
