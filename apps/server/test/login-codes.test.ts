// Login codes go only where the broker serves, and a pumping run is stopped while applicants behind
// one address are not: 200 phones behind a carrier's NAT each get their code, while one phone, one
// device (whatever cookies it drops), one address sending codes nobody uses, or a run spread over
// many addresses are each stopped, with a wait said in minutes. The budgets hold with sends at once
// (on PostgreSQL too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { client, latestCode, startServer, type TestServer } from './harness.ts';

const base = loadConfig({ KH_DEV: '1' });
let server: TestServer;
beforeAll(async () => {
  // The shipped limits per address and per device; the proxy in front is believed for the address.
  server = await startServer({ trustProxy: true, sms: { ...base.sms, resendAfterSeconds: 0 } });
});
afterAll(() => server.close());

const behind = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('where codes go', () => {
  it('to the countries served only: never a satellite, an international network or another country', async () => {
    for (const countryCode of ['882', '881', '870', '252', '53', '65', '1']) {
      const refused = await client(server).sendCode('1234567', { countryCode, ...behind('10.1.0.1') });
      expect(refused.status, countryCode).toBe(400);
      expect(refused.body.msg).toBe('We can send login codes only to mobile numbers in +60 Malaysia. Enter a mobile number there.');
    }
    expect((await client(server).sendCode('123451001', behind('10.1.0.1'))).status).toBe(200);
  });

  it('the operator names the countries; a satellite code is refused as a setting', async () => {
    expect(loadConfig({ KH_DEV: '1', KH_SMS_COUNTRIES: '60, +65' }).sms.countries).toEqual(['60', '65']);
    expect(() => loadConfig({ KH_DEV: '1', KH_SMS_COUNTRIES: '60,882' })).toThrow(/^KH_SMS_COUNTRIES: 882 is a satellite/);
    expect(() => loadConfig({ KH_DEV: '1', KH_SMS_COUNTRIES: 'MY' })).toThrow(/not a calling code/);
    const wider = await startServer({ sms: { ...base.sms, countries: ['60', '65'] } });
    try {
      expect((await client(wider).sendCode('81234567', { countryCode: '65' })).status).toBe(200);
    } finally {
      await wider.close();
    }
  });
});

describe('one address, many applicants', () => {
  it('200 phones behind one address each get their code and log in', { timeout: 120_000 }, async () => {
    for (let n = 0; n < 200; n++) {
      const phone = client(server);
      const mobile = `12346${String(n).padStart(4, '0')}`;
      const sent = await phone.sendCode(mobile, behind('100.64.0.7'));
      expect(sent.status, mobile).toBe(200);
      expect((await phone.form('/passport/sms/auth-code/use', { mobile, countryCode: '60', code: await latestCode(server, mobile) })).status).toBe(200);
    }
  });

  it('an address sending codes nobody uses is stopped, however many devices it makes; the wait is in minutes', async () => {
    const answers = [];
    // A fresh browser each time: every cookie dropped, a new device each time.
    for (let n = 0; n < 25; n++) answers.push(await client(server).sendCode(`12347${String(n).padStart(4, '0')}`, behind('203.0.113.9')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(base.sms.perIpPerHour);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Codes were asked for from here and not used\. Use the latest code you received, or try again in \d+ minutes\.$/);
    // Another address is not held by it.
    expect((await client(server).sendCode('123479999', behind('203.0.113.10'))).status).toBe(200);
  });

  it('one device asking codes for many numbers is stopped, across addresses', async () => {
    const device = client(server);
    const answers = [];
    for (let n = 0; n < base.sms.perDevicePerHour + 2; n++) answers.push(await device.sendCode(`12348${String(n).padStart(4, '0')}`, behind(`198.51.100.${n + 1}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(base.sms.perDevicePerHour);
    expect(answers.at(-1)!.status).toBe(429);
  });
});

describe('the hourly budgets', () => {
  it('a run spread over many addresses and devices stops at the country\'s budget', async () => {
    const budgeted = await startServer({ trustProxy: true, sms: { ...base.sms, perCountryPerHour: 30, resendAfterSeconds: 0 } });
    try {
      const answers = [];
      for (let n = 0; n < 36; n++) answers.push(await client(budgeted).sendCode(`12349${String(n).padStart(4, '0')}`, behind(`192.0.2.${n + 1}`)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
      expect(answers.at(-1)!.body.msg).toMatch(/^We cannot send login codes right now\. Please try again in \d+ minutes, or contact customer service\.$/);
    } finally {
      await budgeted.close();
    }
  });

  it('sends at once never pass the budget together', async () => {
    const budgeted = await startServer({ trustProxy: true, sms: { ...base.sms, globalPerHour: 12 } });
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => client(budgeted).sendCode(`12350${String(n).padStart(4, '0')}`, behind(`192.0.2.${n + 1}`))));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(12);
    } finally {
      await budgeted.close();
    }
  });
});
