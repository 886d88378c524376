// Sending a case back in the console, in Debian's Chromium against the real server: a reviewer asks
// for more information (items and a message), the applicant answers on that item alone and
// resubmits, and the reviewer's open case follows: back with them, the change shown. A final
// rejection asks the reviewer to confirm it ends the application. Each page at 1280x800 and 390x844 with axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answers, fill, submitAll, uploadedPath } from '../../server/test/fixtures.ts';
import { login } from '../../server/test/harness.ts';
import { useConsole } from './harness.ts';
import { signInEnrolling } from './sign-in.ts';

const PASSWORD = 'console send back password';
let page: Page;
const env = useConsole('console-send-back', [['rae@broker.example', 'Rae Reviewer', 'reviewer']], PASSWORD);

async function submitted(n: number) {
  const mobile = `1330${n}`;
  const c = await login(env.server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  await submitAll(c, applyId, data);
  return { applyId: applyId as string, c, data };
}

describe('sending a case back', () => {
  it('asks for more information; the applicant answers on that item; the case comes back to the same reviewer', async () => {
    const a = await submitted(90201);
    page = await env.newPage(1280, 800);
    await signInEnrolling(page, env.server.baseUrl, 'rae@broker.example', PASSWORD);
    await page.goto(`${env.server.baseUrl}/console/cases/${a.applyId}`);
    await page.getByRole('button', { name: 'Claim this case' }).click();
    await page.getByText('You are working on this case.').waitFor();
    const form = page.getByRole('form', { name: 'Send back to the applicant' });
    await form.getByLabel('Ask for more information (not a rejection)').check();
    await form.getByLabel("Bank statement unclear or not in the applicant's name", { exact: true }).check();
    await form.getByLabel(/^Comment on “Bank statement/).fill('The October statement is cut off.');
    await form.getByRole('button', { name: 'Ask for information' }).click();
    // No message, no request: the applicant would not know what to send.
    await page.getByText('Write what the applicant should provide.').waitFor();
    await form.getByLabel('Message to the applicant (required, sent as written)').fill('Please send the October statement, all pages.');
    await env.look(page, 'request-information');
    await form.getByRole('button', { name: 'Ask for information' }).click();
    await page.getByText('Asked. The applicant is told what to provide; their answer comes back to you.').waitFor();
    await page.getByText('Sent back: Ask for more information (not a rejection)').waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText(/Rae Reviewer asked the applicant for more information: Bank statement/).waitFor();
    await env.look(page, 'information-requested');

    // The applicant sends the statement and submits again; Rae's open page follows.
    expect((await a.c.post('/kh/account/apply/check')).body.data).toMatchObject({ rejectionKind: 'moreInformation', rejectionComments: { '2005-bankStatement': 'The October statement is cut off.' } });
    expect((await fill(a.c, 'financial', { ...a.data.financial, bankStatement: await uploadedPath(a.c) })).status).toBe(200);
    expect((await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId })).body.data.status).toBe(2);
    await page.getByText('Status: Resubmitted', { exact: false }).waitFor({ timeout: 20_000 });
    await page.getByText('You are working on this case.').waitFor();
    // One timeline: the applicant's submissions, identity check and payment among the staff's actions.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByRole('row', { name: /The applicant submitted it again \(submission 2\) answering: Bank statement/ }).waitFor();
    await timeline.getByRole('row', { name: /The applicant identity check: Verified/ }).waitFor();
    await timeline.getByRole('row', { name: /The applicant paid the card fee/ }).waitFor();
    await env.look(page, 'information-received');
    expect(env.problems).toEqual([]);
  });

  it('a final rejection is confirmed before it is sent', async () => {
    const a = await submitted(90202);
    // Rae, signed in above.
    await page.goto(`${env.server.baseUrl}/console/cases/${a.applyId}`);
    await page.getByRole('button', { name: 'Claim this case' }).click();
    const form = page.getByRole('form', { name: 'Send back to the applicant' });
    await form.getByLabel('Reject finally: no resubmission').check();
    await form.getByLabel('Income proof unclear or missing').check();
    const send = form.getByRole('button', { name: 'Reject finally' });
    expect(await send.isDisabled()).toBe(true);
    await form.getByLabel(/I understand a final rejection ends the application/).check();
    await env.look(page, 'reject-finally');
    await send.click();
    await page.getByText('Rejected finally. The applicant is told the decision is final.').waitFor();
    expect((await a.c.post('/kh/account/apply/check')).body.data.rejectionKind).toBe('final');
    expect(env.problems).toEqual([]);
  });
});
