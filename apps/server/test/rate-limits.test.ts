// Rate limits that fit a real deployment: one mechanism (counted in the database every instance
// shares), keyed on the client's address, and per staff account where an account is attacked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/staff/staff-auth.ts';
import { client, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  const base = (await import('../src/config.ts')).loadConfig({ KH_DEV: '1' });
  server = await startServer({ limits: { lookupsPerMinute: 5, analyticsPerMinute: 10, errorReportsPerMinute: 5, staffLoginsPerIp: 8, staffLoginsPerAccount: 3, staffLoginWindowMinutes: 15 }, sms: { ...base.sms, perIpPerHour: 10_000, perDevicePerHour: 2 } });
  await createStaff(server.database.db, { email: 'victim@broker.example', name: 'Victim', password: 'the victim password' });
});
afterAll(() => server.close());

const staffLogin = (email: string, password: string, ip?: string) =>
  fetch(`${server.baseUrl}/staff/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) }, body: JSON.stringify({ email, password }) });

describe('rate limits', () => {
  it('"is this number registered?" answers a few times a minute per address, then 429, translated', async () => {
    const c = client(server);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => c.form('/passport/reg/isRegisterUser', { mobile: `12345${String(6000 + i)}`, countryCode: '60' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.msg).toMatch(/^Too many requests. Please try again in \d+ seconds.$/);
  });
  it('codes per device: one browser asking codes for many numbers stops; another device goes on', async () => {
    const device = client(server);
    const send = async (c: ReturnType<typeof client>, mobile: string) => c.sendCode(mobile);
    const first = await send(device, '123457701');
    expect(first.status).toBe(200);
    expect(device.cookie).toMatch(/kh_device=/);
    expect((await send(device, '123457702')).status).toBe(200);
    expect((await send(device, '123457703')).status).toBe(429);
    expect((await send(client(server), '123457704')).status).toBe(200);
  });
  it('anonymous analytics are bounded in size and in rate', async () => {
    const c = client(server);
    const huge = await c.post('/pdp/uba/report', { channel: 'h5', eventCode: 'x', eventValue: { blob: 'x'.repeat(600_000) } });
    expect([400, 413]).toContain(huge.status);
    const burst = await Promise.all(Array.from({ length: 15 }, () => c.post('/pdp/uba/report', { channel: 'h5', eventCode: 'page_view', eventValue: { page: 'start' } })));
    expect(burst.filter((r) => r.status === 200).length).toBeLessThanOrEqual(10);
    expect(burst.some((r) => r.status === 429)).toBe(true);
  });
  it('30 wrong staff passwords in one second: the account stops answering after 3, whatever the address', async () => {
    const tries = await Promise.all(Array.from({ length: 30 }, (_, i) => staffLogin('victim@broker.example', `wrong ${i}`)));
    expect(tries.filter((r) => r.status === 401).length).toBeLessThanOrEqual(3);
    expect(tries.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(27);
    // The right password is refused too while the account is throttled.
    expect((await staffLogin('victim@broker.example', 'the victim password')).status).toBe(429);
  });
  it('an unknown e-mail takes as long to refuse as a known one', async () => {
    // A server of its own: the throttling above must not answer these before the password is looked at.
    const fresh = await startServer();
    try {
      await createStaff(fresh.database.db, { email: 'known@broker.example', name: 'Known', password: 'the known password' });
      const time = async (email: string) => {
        const started = performance.now();
        const res = await fetch(`${fresh.baseUrl}/staff/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'not it' }) });
        expect(res.status).toBe(401);
        return performance.now() - started;
      };
      await time('warm-up@broker.example');
      const unknown = [await time('nobody1@broker.example'), await time('nobody2@broker.example')];
      const known = [await time('known@broker.example'), await time('known@broker.example')];
      // scrypt dominates both: an unknown e-mail is no longer answered in a millisecond.
      expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) / 3);
    } finally {
      await fresh.close();
    }
  });
});
