// The review console in Debian's Chromium against the real server: a reviewer enrols an
// authenticator and approves a margin case (first approval), a supervisor gives the second, another
// case is rejected with a note the applicant then reads, and an admin searches the audit. Every page
// at 1280x800 and 390x844, with no axe violation, no console error and no CSP report.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpCode } from '@kh/testing';
import { auditLog } from '../../server/src/db/schema.ts';
import { answers, fill, pngBytes, submitAll, upload, uploadedPath, type FormStep } from '../../server/test/fixtures.ts';
import { latestMailTo, login } from '../../server/test/harness.ts';
import { AT_PC_SIZE, approveCase, useConsole } from './harness.ts';

const PASSWORD = 'console e2e password';
const env = useConsole(
  'console',
  [
    ['mei@broker.example', 'Mei Maker', 'reviewer'],
    ['lim@broker.example', 'Lim Lead', 'supervisor'],
    ['ada@broker.example', 'Ada Admin', 'admin'],
    ['bea@broker.example', 'Bea Admin', 'admin'],
  ],
  PASSWORD,
);
const newPage = (width: number, height: number) => env.newPage(width, height);
const look = (page: Page, name: string) => env.look(page, name);

let n = 0;
async function submittedCase(name: string, change: (data: Record<FormStep, Record<string, unknown>>) => void = () => {}) {
  const k = 8800 + n++;
  const mobile = `13${String(3000000 + k)}`;
  const c = await login(env.server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(k, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  data.personal.documentName = data.identity.documentName = name;
  change(data);
  await submitAll(c, applyId, data);
  return { c, applyId: applyId as string, mobile, data };
}

/** Authenticators enrolled in this file, by e-mail: a later sign-in types their next code. */
const enrolled = new Map<string, string>();

async function signIn(page: Page, email: string, home = 'Cases') {
  await page.goto(`${env.server.baseUrl}/console/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const known = enrolled.get(email);
  if (known) {
    // A code works once: the next step's code, which the server accepts within its window.
    await page.getByLabel('Code from your authenticator app').fill(totpCode(known, Date.now() + 30_000));
    return { secret: known, confirm: async () => (await page.getByRole('button', { name: 'Verify' }).click(), await page.getByRole('heading', { name: home }).waitFor()) };
  }
  await page.getByRole('heading', { name: 'Set up your authenticator' }).waitFor();
  await page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
  const secret = /Or type this key: ([A-Z2-7]+)/.exec(await page.locator('.console-enrol__secret').innerText())![1];
  // The code field starts empty: nothing of the password form carries over into it.
  expect(await page.getByLabel('Code from your authenticator app').inputValue()).toBe('');
  return {
    secret,
    async confirm() {
      await page.getByLabel('Code from your authenticator app').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: home }).waitFor();
      enrolled.set(email, secret);
    },
  };
}

describe('the review console', () => {
  it('serves its pages under /console with the strict CSP, never framed', async () => {
    const res = await fetch(`${env.server.baseUrl}/console/cases/anything`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('a reviewer enrols, finds Tan by NRIC, views the ID images and approves HK and US; a margin and PEP case goes through maker-checker', async () => {
    const tan = await submittedCase('TAN AH KOW');
    const margin = await submittedCase('AMINAH BINTI ABDULLAH', (d) => {
      d.market.marginAcc = true;
      Object.assign(d.declaration, { isPep: true, pepName: 'Dato Seri Example', pepPosition: 'Minister', pepEmployer: 'Government', pepCountry: 'MYS' });
    });
    const page = await newPage(1280, 800);

    await page.goto(`${env.server.baseUrl}/console/`);
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    await look(page, 'login');
    // A wrong password says so, translated, and nothing else opens.
    await page.getByLabel('E-mail').fill('mei@broker.example');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toMatch(/e-mail or password/i);
    expect(env.problems.splice(0)).toEqual(['401 POST /staff/login']);

    const enrol = await signIn(page, 'mei@broker.example');
    await look(page, 'enrol');
    await enrol.confirm();
    // The counts arrive with the queue: two submitted cases.
    await page.getByRole('button', { name: /^Submitted\s*2$/ }).waitFor();
    await look(page, 'queue');

    // Tan, found by the NRIC as a person types it, with dashes.
    const nric = String(tan.data.personal.nricNumber);
    await page.getByLabel(/Search name/).fill(`${nric.slice(0, 6)}-${nric.slice(6, 8)}-${nric.slice(8)}`);
    await page.getByRole('button', { name: 'Search' }).click();
    // A search looks in every state, each row saying its own; "1 case", not "1 cases".
    await page.getByText('1 case found, in any state').waitFor();
    await page.getByRole('cell', { name: 'Submitted' }).waitFor();
    await look(page, 'queue-search-everywhere');
    // Picking a state narrows it; emptying the box ends the search at once.
    await page.getByRole('button', { name: /^Approved\s*0$/ }).click();
    await page.getByText('No case matches.').waitFor();
    await page.getByLabel(/Search name/).fill('');
    await page.getByRole('button', { name: /^Submitted\s*2$/ }).click();
    await page.getByText('2 cases', { exact: true }).waitFor();
    await page.getByLabel(/Search name/).fill(`${nric.slice(0, 6)}-${nric.slice(6, 8)}-${nric.slice(8)}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 case found, in any state').waitFor();
    await page.getByRole('link', { name: 'TAN AH KOW' }).click();
    await page.getByRole('heading', { name: 'TAN AH KOW' }).waitFor();

    // Every step's answers through the applicant's schemas: first a summary, each answer in words
    // (never a dictionary code), then the applicant's own form, read-only.
    const answers = page.locator('#panel-answers').locator('..');
    await answers.getByRole('heading', { name: 'Personal Details' }).waitFor();
    const income = answers.locator('.case-summary__row').filter({ has: page.getByText('Annual income (MYR)', { exact: true }) });
    expect(await income.locator('dd').innerText()).toBe('RM 100,001 - 300,000');
    await answers.getByRole('button', { name: "Show as the applicant's form" }).click();
    await answers.locator('form').first().waitFor();
    expect(await answers.locator('input:not([disabled]), select:not([disabled]), textarea:not([disabled])').count()).toBe(0);
    // The ID images, stamped and audited; zoom and rotate.
    const image = page.locator('.case-documents__stage img');
    for (const side of ['ID front', 'ID back']) {
      await page.getByRole('button', { name: new RegExp(`^${side}`) }).click();
      await page.waitForFunction((name) => {
        const img = document.querySelector('.case-documents__stage img') as HTMLImageElement | null;
        return img?.alt.startsWith(name) && img.complete && img.naturalWidth > 0;
      }, side);
    }
    await page.getByRole('button', { name: 'Rotate' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await image.evaluate((img) => ({ transform: (img as HTMLImageElement).style.transform, width: (img as HTMLImageElement).style.width }))).toEqual({ transform: 'rotate(90deg)', width: '125%' });
    // Zoomed past the stage, the image is moved by dragging it.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const stage = page.getByRole('group', { name: /^The document: drag/ });
    await stage.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + 60, { steps: 5 });
    await page.mouse.up();
    expect(await stage.evaluate((element) => element.scrollLeft)).toBeGreaterThan(60);
    // Pinned, the documents stay in view while the answers are read.
    await page.getByLabel('Keep the documents in view while reading the answers').check();
    await page.locator('#panel-answers').scrollIntoViewIfNeeded();
    await page.locator('#panel-answers').evaluate((heading) => heading.scrollIntoView());
    expect(Math.round((await page.locator('#panel-documents').locator('..').boundingBox())!.y)).toBeLessThanOrEqual(1);
    await env.look(page, 'case-documents-pinned', AT_PC_SIZE);
    await page.getByLabel('Keep the documents in view while reading the answers').uncheck();
    await page.getByText('Gateway reference').waitFor();

    await page.getByRole('button', { name: 'Claim this case' }).click();
    await page.getByText('You are working on this case.').waitFor();
    await page.getByLabel('Add a note for other staff').fill('Called the applicant: MY account after the CDS check.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Called the applicant: MY account after the CDS check.').waitFor();
    await look(page, 'case');
    await page.locator('.case-decision').getByRole('checkbox', { name: 'MY', exact: true }).uncheck();
    // Approving asks first: the markets, then a checklist, every box ticked before it can be confirmed.
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const checklist = page.getByRole('group', { name: 'Confirm the approval' });
    await checklist.getByText('Approve HK US? Before you do:').waitFor();
    await checklist.getByRole('checkbox', { name: 'I read the documents' }).check();
    await expect(checklist.getByRole('button', { name: 'Confirm approval' }).isDisabled()).resolves.toBe(true);
    await look(page, 'case-approval-checklist');
    for (const box of await checklist.getByRole('checkbox').all()) await box.check();
    await checklist.getByRole('button', { name: 'Confirm approval' }).click();
    await page.getByText('Approved.', { exact: true }).waitFor();
    expect((await tan.c.post('/kh/account/apply/check')).body.data).toMatchObject({ status: 3, opened: 3 });
    // The case's audit reads as sentences, the markets in words.
    await page.getByRole('cell', { name: 'Mei Maker approved HK and US' }).waitFor();
    const views = (await env.server.database.db.select().from(auditLog)).filter((e) => e.applicationId === tan.applyId && e.action === 'documentView');
    expect(views.map((v) => (v.detail as { ref: string }).ref)).toEqual(expect.arrayContaining([expect.stringMatching(/^ekyc:.+:front$/), expect.stringMatching(/^ekyc:.+:back$/)]));

    // The margin and PEP case: the reviewer's approval is the first of two.
    await page.getByRole('link', { name: 'Back to cases' }).click();
    await page.getByRole('link', { name: 'AMINAH BINTI ABDULLAH' }).click();
    // Margin and PEP need it on their own; together they also make the risk high (40 + 10 points).
    await page.getByText('Needs a second approval (Margin, PEP, High risk)').waitFor();
    // Unclaimed, the case cannot be approved in one click: claim it first.
    await page.getByText('Claim this case to decide it.').waitFor();
    await expect(page.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).resolves.toBe(true);
    await approveCase(page);
    await page.getByText('First approval recorded. A different supervisor must give the second approval.').waitFor();
    await page.getByText('First approval by Mei Maker').waitFor();
    // The reviewer cannot give the second approval: the button is not theirs.
    await expect(page.getByRole('button', { name: 'Give the second approval' }).isDisabled()).resolves.toBe(true);
    await look(page, 'case-first-approval');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();

    const lead = await signIn(page, 'lim@broker.example');
    await lead.confirm();
    await page.getByRole('button', { name: /^Needs second approval/ }).click();
    await page.getByRole('link', { name: 'AMINAH BINTI ABDULLAH' }).click();
    await approveCase(page, 'Give the second approval');
    await page.getByText('Approved.', { exact: true }).waitFor();
    await page.getByText('Status: Approved').waitFor();
    // Approved, the case no longer says it needs a second approval.
    expect(await page.getByText('Needs a second approval').count()).toBe(0);
    expect((await margin.c.post('/kh/account/apply/check')).body.data).toMatchObject({ status: 4, opened: 19 });
    await look(page, 'case-approved');
    expect(env.problems).toEqual([]);
  });

  it('a supervisor rejects two items with a note; the applicant reads it, fixes both and resubmits; the diff shows it, and it is approved', async () => {
    const plain = await submittedCase('SITI NURHALIZA');
    const page = await newPage(390, 844);
    const lead = await signIn(page, 'lim@broker.example');
    await lead.confirm();

    await page.getByRole('link', { name: 'SITI NURHALIZA' }).click();
    await page.getByRole('heading', { name: 'SITI NURHALIZA' }).waitFor();
    await page.getByLabel("Bank statement unclear or not in the applicant's name").check();
    await page.getByLabel('Income proof unclear or missing').check();
    await page.getByLabel('Note to the applicant (sent as written)').fill('Please upload a statement that shows your full name.');
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('Rejected. The applicant is told what to correct.').waitFor();
    expect((await plain.c.post('/kh/account/apply/check')).body.data).toMatchObject({ status: 5, rejectionNote: 'Please upload a statement that shows your full name.' });
    await look(page, 'case-rejected-phone');

    // The applicant fixes both and submits again; the case shows what changed, and is approved.
    const statement = (await upload(plain.c, await pngBytes(), 'statement-november.png')).body.data.filepath as string;
    const payslip = (await upload(plain.c, await pngBytes(), 'payslip-october.png')).body.data.filepath as string;
    expect((await fill(plain.c, 'financial', { ...plain.data.financial, bankStatement: statement })).status).toBe(200);
    expect((await fill(plain.c, 'work', { ...plain.data.work, incomeProof: payslip })).status).toBe(200);
    expect((await plain.c.post('/kh/account/apply/apply-submit', { applyId: plain.applyId })).body.data.status).toBe(2);
    await page.reload();
    await page.getByText('Status: Resubmitted').waitFor();
    await page.getByRole('heading', { name: /^Submission 2/ }).waitFor();
    const diff = page.locator('.case-diff').first();
    // Uploads named as the applicant named them, before and after.
    await diff.getByText('statement-november.png').waitFor();
    await diff.getByText('payslip-october.png').waitFor();
    await look(page, 'case-resubmitted-phone');
    await approveCase(page);
    await page.getByText('Approved.', { exact: true }).waitFor();
    expect((await plain.c.post('/kh/account/apply/check')).body.data).toMatchObject({ status: 4, opened: 19 });

    // The reviewer's language: the same answers, labelled in Traditional Chinese.
    await page.getByLabel('Language').selectOption('zh-HK');
    await page.getByRole('heading', { name: '個人資料' }).waitFor();
    await look(page, 'case-zh-HK');
    await page.getByLabel('語言').selectOption('en');
    expect(env.problems).toEqual([]);
  });

  it('admins keep staff and the audit, and decide no case: a new account and a role change take two admins; the new colleague sets up the account from the link in their own mailbox; the audit chain verifies', async () => {
    const page = await newPage(1280, 800);
    const ada = await signIn(page, 'ada@broker.example', 'Staff accounts');
    await ada.confirm();
    // An admin's console has no cases at all.
    expect(await page.getByRole('link', { name: 'Cases', exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('combobox', { name: 'Action' }).selectOption('documentView');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('cell', { name: 'Mei Maker' }).first().waitFor();
    // By the applicant's name, not only the case's id; the same search as a CSV file.
    await page.getByLabel('Applicant name or NRIC').fill('AMINAH BINTI');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('cell', { name: 'Mei Maker' }).first().waitFor();
    const exportLink = page.getByRole('link', { name: 'Export as CSV' });
    expect(await exportLink.getAttribute('href')).toBe('/staff/audit/export.csv?action=documentView&case=AMINAH+BINTI');
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    const csv = await download.createReadStream().then(async (stream) => {
      const parts: Buffer[] = [];
      for await (const chunk of stream) parts.push(chunk as Buffer);
      return Buffer.concat(parts).toString('utf8');
    });
    expect(csv.replace(/^\ufeff/, '').split('\n')[0]).toBe('when,who,action,case,member,status before,status after,detail,address,device,position in the chain');
    expect(csv).toContain('documentView');
    await page.getByRole('button', { name: 'Verify the chain' }).click();
    await page.getByText(/^Intact: \d+ entries, each linked to the one before/).waitFor();
    await look(page, 'audit');

    // Ada proposes Nora's account: nothing exists until Bea confirms it.
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('heading', { name: 'Staff accounts' }).waitFor();
    const form = page.getByRole('form', { name: 'New staff account' });
    await form.getByLabel('Name').fill('Nora New');
    await form.getByLabel('E-mail').fill('nora@broker.example');
    await form.getByLabel('Role').selectOption('editor');
    // No password is asked: Nora chooses hers from the link sent to her own address.
    expect(await form.getByLabel(/password/i).count()).toBe(0);
    await form.getByRole('button', { name: 'Propose account' }).click();
    await page.getByText(/^Proposed\. The account is made when a second admin confirms it/).waitFor();
    await page.getByRole('link', { name: 'Changes waiting for confirmation: 1' }).click();
    await page.getByRole('cell', { name: 'A new account for Nora New (nora@broker.example) as product editor' }).waitFor();
    // The proposer may withdraw, not confirm.
    expect(await page.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(0);
    await look(page, 'changes-proposed');

    const second = await newPage(1280, 800);
    const bea = await signIn(second, 'bea@broker.example', 'Staff accounts');
    await bea.confirm();
    await second.getByRole('link', { name: 'Changes', exact: true }).click();
    await second.getByRole('button', { name: 'Confirm: A new account for Nora New (nora@broker.example) as product editor' }).click();
    await second.getByText('Confirmed: the change is made.').waitFor();

    // Nora opens the link in her own mailbox, chooses her password and sets up her authenticator.
    const mail = await latestMailTo(env.server, 'nora@broker.example');
    const link = /(http\S+\/console\/activate#\S+)/.exec(mail!.body)![1]!;
    const nora = await newPage(390, 844);
    await nora.goto(link);
    await nora.getByRole('heading', { name: 'Set up your account' }).waitFor();
    // The token leaves the address bar at once.
    expect(new URL(nora.url()).hash).toBe('');
    await look(nora, 'activate');
    await nora.getByLabel('New password (at least 12 characters)').fill('only nora knows this one');
    await nora.getByLabel('New password again').fill('only nora knows this one');
    await nora.getByRole('button', { name: 'Continue' }).click();
    await nora.getByRole('heading', { name: 'Set up your authenticator' }).waitFor();
    const secret = /Or type this key: ([A-Z2-7]+)/.exec(await nora.locator('.console-enrol__secret').innerText())![1]!;
    await nora.getByLabel('Code from your authenticator app').fill(totpCode(secret));
    await nora.getByRole('button', { name: 'Verify' }).click();
    await nora.getByRole('heading', { name: 'Schema studio' }).waitFor();
    // Her own account page: where she is signed in.
    await nora.getByRole('link', { name: 'My account' }).click();
    await nora.getByRole('heading', { name: 'Where I am signed in' }).waitFor();
    await nora.getByText('This session').waitFor();
    await look(nora, 'my-account');

    // A role change asks first, and waits for the second admin too.
    await page.reload();
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByLabel('Role of Nora New').selectOption('reviewer');
    await page.getByText('Propose changing the role of Nora New from product editor to reviewer? A second admin must confirm it.').waitFor();
    await page.getByRole('button', { name: 'Propose', exact: true }).click();
    await page.getByText('Proposed. It takes effect when a second admin confirms it on the Changes page.').waitFor();
    let accounts = await (await page.context().request.get(`${env.server.baseUrl}/staff/accounts`)).json();
    expect(accounts.data.find((a: { email: string }) => a.email === 'nora@broker.example')).toMatchObject({ role: 'editor', enrolled: true });
    await second.reload();
    await second.getByRole('button', { name: 'Confirm: Nora New: role from product editor to reviewer' }).click();
    await second.getByText('Confirmed: the change is made.').waitFor();
    accounts = await (await page.context().request.get(`${env.server.baseUrl}/staff/accounts`)).json();
    expect(accounts.data.find((a: { email: string }) => a.email === 'nora@broker.example')).toMatchObject({ role: 'reviewer' });
    await page.reload();
    await page.getByRole('cell', { name: /Nora New/ }).waitFor();
    await look(page, 'staff');
    expect(env.problems).toEqual([]);
  });
});
