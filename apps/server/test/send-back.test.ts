// More outcomes than approve and reject (issue: the review console for compliance): a request for
// more information names the items with a message, is told to the applicant as a request (page, e-mail,
// SMS), allows only those edits and returns to the same reviewer; a final rejection ends the
// application: nothing of it can be saved, checked, paid or submitted again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, mailOutbox, smsOutbox } from '../src/db/schema.ts';
import { fill, initBody, uploadedPath } from './fixtures.ts';
import { eventually, signInStaff, staffCall, startServer, submittedCase, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 }, jobs: { retryLimit: 1, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } });
  Object.assign(tokens, await signInStaff(server, [['rita', 'Rita Reviewer', 'reviewer'], ['ravi', 'Ravi Reviewer', 'reviewer']]));
});
afterAll(() => server.close());

const rita = staffCall(() => server.baseUrl, () => tokens.rita);

async function submitted(n: number) {
  const submitted = await submittedCase(server, n);
  await rita('POST', `/staff/applications/${submitted.applyId}/claim`);
  return { ...submitted, email: String(submitted.data.contact.email) };
}

describe('a request for more information', () => {
  it('needs a message, and is told to the applicant as a request with the items in their language', async () => {
    const a = await submitted(9901);
    const bare = await rita('POST', `/staff/applications/${a.applyId}/request-information`, { items: ['2005-bankStatement'], note: '  ' });
    expect(bare.status).toBe(400);
    expect(bare.body.msg).toBe('Write what the applicant should provide: the message goes to them with the list.');
    // A comment goes with an item named, not with another.
    const stray = await rita('POST', `/staff/applications/${a.applyId}/request-information`, { items: ['2005-bankStatement'], note: 'Please upload it.', comments: { '2004-incomeProof': 'Also this' } });
    expect(stray.status).toBe(400);
    expect(stray.body.msg).toBe('A comment is only for an item the applicant is asked about: 2004-incomeProof.');
    const asked = await rita('POST', `/staff/applications/${a.applyId}/request-information`, { items: ['2005-bankStatement'], note: 'Please upload the latest three months, all pages.', comments: { '2005-bankStatement': ' October is missing. ' } });
    expect(asked.body.data).toMatchObject({ status: 5, rejectedReason: '2005-bankStatement', rejectionKind: 'moreInformation' });
    expect((await a.c.post('/kh/account/apply/check')).body.data).toMatchObject({ status: 5, rejectionKind: 'moreInformation', rejectionNote: 'Please upload the latest three months, all pages.', rejectionComments: { '2005-bankStatement': 'October is missing.' } });

    const mail = await eventually(async () => (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.email)))[0]);
    expect(mail.subject).toBe('We need more information for your application');
    expect(mail.body).toContain("Bank statement unclear or not in the applicant's name (October is missing.)");
    expect(mail.body).toContain('Your application is not rejected');
    expect(mail.body).toContain('Please upload the latest three months, all pages.');
    const sms = await eventually(async () => (await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, a.mobile))).find((m) => m.body.startsWith('We need more information')));
    expect(sms.body).toContain('/status/entry');

    const [entry] = await server.database.db.select().from(auditLog).where(and(eq(auditLog.applicationId, a.applyId), eq(auditLog.action, 'informationRequested')));
    expect(entry.detail).toEqual({ items: ['2005-bankStatement'], note: 'Please upload the latest three months, all pages.', comments: { '2005-bankStatement': 'October is missing.' } });
  });

  it('allows only the items named, and the answer returns to the same reviewer', async () => {
    const a = await submitted(9902);
    await rita('POST', `/staff/applications/${a.applyId}/request-information`, { items: ['2005-bankStatement'], note: 'The statement is cut off.' });
    expect((await fill(a.c, 'financial', { ...a.data.financial, bankName: 'CIMB' })).status).toBe(409);
    expect((await fill(a.c, 'financial', { ...a.data.financial, bankStatement: await uploadedPath(a.c) })).status).toBe(200);
    expect((await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId })).body.data.status).toBe(2);
    const seen = (await rita('GET', `/staff/applications/${a.applyId}`)).body.data;
    expect(seen.assigneeName).toBe('Rita Reviewer');
    expect(seen.history.at(-1)).toMatchObject({ number: 2, answersRejection: '2005-bankStatement' });
    expect((await a.c.post('/kh/account/apply/check')).body.data.rejectionKind).toBeNull();
  });
});

describe('a final rejection', () => {
  it('ends the application: nothing saved, checked or submitted again, and the applicant is told it is final', async () => {
    const a = await submitted(9903);
    const rejected = await rita('POST', `/staff/applications/${a.applyId}/reject`, { items: ['2004-incomeProof'], note: 'The documents are not genuine.', final: true });
    expect(rejected.body.data).toMatchObject({ status: 5, rejectionKind: 'final' });
    expect((await a.c.post('/kh/account/apply/check')).body.data).toMatchObject({ status: 5, rejectionKind: 'final' });
    const save = await fill(a.c, 'work', { ...a.data.work, incomeProof: await uploadedPath(a.c) });
    expect(save.status).toBe(409);
    expect(save.body.msg).toBe('This application was finally rejected: it cannot be changed or submitted again.');
    const check = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, { documentNumber: String(a.data.identity.nricNumber) }));
    expect(check.body.msg).toBe('This application was finally rejected: it cannot be changed or submitted again.');
    const submit = await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId });
    expect(submit.status).toBe(409);
    expect(submit.body.msg).toBe('This application was finally rejected: it cannot be changed or submitted again.');
    const mail = await eventually(async () => (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.email)))[0]);
    expect(mail.subject).toBe('Your application was not approved');
    expect(mail.body).toContain('This decision is final');
    const [entry] = await server.database.db.select().from(auditLog).where(and(eq(auditLog.applicationId, a.applyId), eq(auditLog.action, 'reject')));
    expect(entry.detail).toEqual({ items: ['2004-incomeProof'], note: 'The documents are not genuine.', final: true });
  });
});
