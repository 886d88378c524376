// A reviewer's decision reaches the applicant: an e-mail and an SMS in the language they submitted
// in, through the job queue (retried, then dead-lettered), over SMTP when one is configured.
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, staffLogin } from '@kh/testing';
import { applications, mailOutbox, smsOutbox } from '../src/db/schema.ts';
import { createStaff } from '../src/staff/staff-auth.ts';
import { answers, fill } from './fixtures.ts';
import { eventually, login, startServer, type TestServer } from './harness.ts';

const FAST_JOBS = { retryLimit: 1, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 };
let phone = 0;

/** A supervisor: decides cases and follows up the dead letters. */
async function staffToken(server: TestServer) {
  const email = `supervisor${phone}@broker.example`;
  await createStaff(server.database.db, { email, name: 'Supervisor', password: 'correct horse battery', role: 'supervisor' });
  return staffLogin(server.baseUrl, email, 'correct horse battery');
}
const staffCall = (server: TestServer, token: string, path: string, json?: unknown) =>
  fetch(`${server.baseUrl}${path}`, { method: json ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) }, body: json ? JSON.stringify(json) : undefined }).then(async (r) => ({ status: r.status, body: await r.json() }));

/** An application under review with its contact step saved, submitted in `language`. */
async function underReview(server: TestServer, language: string, market = 16 + 1) {
  const mobile = `12777${String(1000 + phone++)}`;
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const contact = answers(7000 + phone, { proof: '', statement: '', signature: '' }, mobile).contact;
  expect((await fill(c, 'contact', contact)).status).toBe(200);
  await server.database.db.update(applications).set({ status: 2, market, language, submissionCount: 1, submittedAt: new Date() }).where(eq(applications.id, applyId));
  return { applyId: applyId as string, mobile, email: String(contact.email) };
}

describe('in the sandbox (no SMTP): the outbox', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ jobs: FAST_JOBS });
    token = await staffToken(server);
  });
  afterAll(() => server.close());

  it('an approval: the activation e-mail and an SMS, in Traditional Chinese, naming the markets opened and the client number', async () => {
    const a = await underReview(server, 'zh-HK');
    expect((await staffCall(server, token, `/staff/applications/${a.applyId}/approve`, { markets: 16 })).status).toBe(200);
    const mail = await eventually(async () => (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.email)))[0]);
    expect(mail.subject).toBe('您的交易帳戶已開立');
    expect(mail.body).toContain('馬來西亞');
    expect(mail.body).not.toContain('香港');
    expect(mail.body).toMatch(/客戶號碼為 C\d{7}/);
    const sms = await eventually(async () => (await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, a.mobile))).find((m) => m.body.includes('馬來西亞')));
    expect(sms.body).toMatch(/C\d{7}/);
  });
  it('a rejection: the reasons in the applicant\'s language and the link back to modify', async () => {
    const a = await underReview(server, 'en');
    expect((await staffCall(server, token, `/staff/applications/${a.applyId}/reject`, { items: ['2003-address', '2004-incomeProof'] })).status).toBe(200);
    const mail = await eventually(async () => (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.email)))[0]);
    expect(mail.subject).toBe('Your application needs a few changes');
    expect(mail.body).toContain('Registered address does not match the document; Income proof unclear or missing');
    expect(mail.body).toContain(`${server.baseUrl}/status/entry?language=en`);
  });
});

describe('over SMTP, with retries and the dead-letter view', () => {
  let smtp: SMTPServer;
  let smtpPort: number;
  let refuse = false;
  const delivered: { to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    smtpPort = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          if (refuse) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 }));
          delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('the approval e-mail is delivered by the SMTP server, from the configured sender', async () => {
    const server = await startServer({ jobs: FAST_JOBS, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: 'Broker <no-reply@broker.example>' });
    try {
      const token = await staffToken(server);
      const a = await underReview(server, 'en');
      await staffCall(server, token, `/staff/applications/${a.applyId}/approve`, { markets: 1 });
      const message = await eventually(async () => delivered.find((d) => d.to.includes(a.email)));
      expect(message.raw).toMatch(/^From: Broker <no-reply@broker\.example>/m);
      expect(message.raw).toMatch(/^Subject: Your trading account is open/m);
      expect(message.raw).toContain('Hong Kong');
      // No attachment: the signed application (NRIC, signature) is downloaded after signing in, never e-mailed.
      expect(message.raw).not.toMatch(/Content-Type: application\/pdf/);
      expect(message.raw).not.toMatch(/Content-Disposition: attachment/);
    } finally {
      await server.close();
    }
  });
  it('a refused e-mail is retried, then kept in the dead-letter view; the queue depth and the failure are in /metrics', async () => {
    const server = await startServer({ jobs: FAST_JOBS, smtpUrl: `smtp://127.0.0.1:${smtpPort}` });
    try {
      const token = await staffToken(server);
      const a = await underReview(server, 'en');
      refuse = true;
      await staffCall(server, token, `/staff/applications/${a.applyId}/approve`, { markets: 16 });
      const dead = await eventually(async () => {
        const list = (await staffCall(server, token, '/staff/jobs/dead-letters')).body.data as { data: { channel: string; applicationId: string } }[];
        return list.find((job) => job.data.applicationId === a.applyId && job.data.channel === 'email');
      }, 30_000);
      expect(dead.data).toMatchObject({ event: 'approved', markets: 16 });
      const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
      expect(metrics).toMatch(/kh_provider_failures_total\{provider="smtp",reason="notification"\} 2/);
      expect(metrics).toMatch(/kh_queue_depth\{queue="notify-dead"\} [1-9]/);
      // The SMS of the same decision went out: one channel failing does not hold the other back.
      expect((await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, a.mobile))).some((m) => m.body.includes('Malaysia'))).toBe(true);
    } finally {
      refuse = false;
      await server.close();
    }
  });
});
