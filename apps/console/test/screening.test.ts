// Sanctions and PEP screening in the console, in Debian's Chromium against the real server: an admin
// imports a list from a file, an applicant on it submits, the case shows the hit and why it matched,
// the reviewer's approval is not offered, a supervisor clears it with a reason (the reviewer's open page
// follows it without a reload), the reviewer approves, and the supervisor downloads the evidence pack
// and checks each file against its manifest's hash.
// Each page at 1280x800 and 390x844 with axe.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answers, submitAll, uploadedPath } from '../../server/test/fixtures.ts';
import { login } from '../../server/test/harness.ts';
import { approveCase, useConsole } from './harness.ts';
import { signInEnrolling } from './sign-in.ts';

const PASSWORD = 'console screening password';
const env = useConsole(
  'console-screening',
  [
    ['rae@broker.example', 'Rae Reviewer', 'reviewer'],
    ['sid@broker.example', 'Sid Supervisor', 'supervisor'],
    ['ada@broker.example', 'Ada Admin', 'admin'],
  ],
  PASSWORD,
);

async function submitted(name: string, mobile = '133009001', n = 9001): Promise<string> {
  const c = await login(env.server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  data.personal.documentName = data.identity.documentName = name;
  await submitAll(c, applyId, data);
  return applyId as string;
}

async function signedIn(email: string): Promise<Page> {
  const page = await env.newPage(1280, 800);
  await signInEnrolling(page, env.server.baseUrl, email, PASSWORD);
  return page;
}

describe('screening in the console', () => {
  it('an admin imports a list; a listed applicant is held until a supervisor clears the hit, then approved', async () => {
    const ada = await signedIn('ada@broker.example');
    await ada.getByRole('link', { name: 'Screening lists' }).click();
    await ada.getByRole('heading', { name: 'Sanctions and PEP lists' }).waitFor();
    await ada.getByText('No list imported yet').waitFor();
    await env.look(ada, 'lists-empty');
    await ada.getByLabel('List', { exact: true }).fill('Domestic sanctions list');
    await ada.getByLabel('Format').selectOption('csv');
    await ada.getByText('Columns: reference, category').waitFor();
    const file = join(mkdtempSync(join(tmpdir(), 'kh-list-')), 'domestic.csv');
    writeFileSync(file, 'reference,category,name,aliases,birth_dates,nationalities\nDS-7,sanctions,Abdul Rahman bin Yusof,Abd Rahman Yusoff,1990-01-01,MYS\nDS-8,pep,,,,\n');
    await ada.getByLabel('File').setInputFiles(file);
    await ada.getByRole('button', { name: 'Import as a new version' }).click();
    // Imported as a job: the page says so at once and follows it until everyone is screened against it.
    await ada.getByText('Version 1 of Domestic sanctions list is being imported.', { exact: false }).waitFor();
    await ada.getByRole('cell', { name: /^1 · live/ }).waitFor({ timeout: 20_000 });
    await ada.getByText(/Everyone screened against it: \d+; 0 with a new hit/).waitFor({ timeout: 20_000 });
    await ada.getByText('1 left out', { exact: true }).click();
    await ada.getByText('line 3: no reference or no name; left out').waitFor();
    await env.look(ada, 'lists-imported');

    const applyId = await submitted('ABD. RAHMAN BIN YUSOFF');
    const rae = await signedIn('rae@broker.example');
    // "Next case" hands Rae the longest-waiting case nobody holds, claimed for her.
    await rae.getByRole('button', { name: 'Next case' }).click();
    await rae.waitForURL(`**/console/cases/${applyId}`);
    await rae.getByText('You are working on this case.').waitFor();
    const screening = rae.getByRole('region', { name: 'Screening' });
    await screening.getByText('Hit: waiting for a decision').waitFor();
    await screening.getByText('Against Domestic sanctions list (v1)').waitFor();
    await screening.getByText("date of birth 1990-01-01 is the list's 1990-01-01").waitFor();
    // A reviewer sees the hit but has no way to decide it.
    expect(await screening.getByRole('button', { name: 'Clear: a different person' }).count()).toBe(0);
    // Held: the approval is not offered (the server refuses it too: apps/server/test/screening.test.ts).
    await rae.getByText('A screening hit holds this case: a supervisor decides it first.').waitFor();
    expect(await rae.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(true);
    await env.look(rae, 'case-held');

    const sid = await signedIn('sid@broker.example');
    await sid.goto(`${env.server.baseUrl}/console/cases/${applyId}`);
    const held = sid.getByRole('region', { name: 'Screening' });
    await held.getByText('Hit: waiting for a decision').waitFor();
    const clear = held.getByRole('button', { name: 'Clear: a different person' });
    expect(await clear.isDisabled()).toBe(true);
    await held.getByLabel('Reason (what you checked)').fill('Born in Kota Bharu; the listed person holds a different NRIC');
    await env.look(sid, 'case-supervisor-deciding');
    await clear.click();
    // Asked first, naming the entry.
    await held.getByText('Clear Domestic sanctions list DS-7 as a different person? The case may then be approved by a colleague.').waitFor();
    await held.getByRole('button', { name: 'Yes, a different person' }).click();
    await held.getByText('Every hit cleared: a different person').waitFor();
    await held.getByText(/Cleared as a different person by Sid Supervisor, .*: Born in Kota Bharu/).first().waitFor();
    await held.getByRole('heading', { name: 'Every decision on this person' }).waitFor();
    await env.look(sid, 'case-cleared');

    // Rae's page, open all along, follows the supervisor's decision without a reload.
    await rae.getByRole('region', { name: 'Screening' }).getByText('Every hit cleared: a different person').waitFor({ timeout: 20_000 });
    await rae.getByText("This case changed while it was open (a colleague's work, or the applicant's): it shows what it is now.").waitFor();
    await env.look(rae, 'case-followed-live');
    await approveCase(rae);
    await rae.getByText('Approved.', { exact: true }).waitFor();
    await rae.getByText('Status: Approved').waitFor();
    // A reviewer makes no evidence pack; the supervisor downloads one, and every file in it matches
    // its manifest's SHA-256, the cleared screening included.
    expect(await rae.getByRole('link', { name: 'Evidence pack (ZIP)' }).count()).toBe(0);
    await sid.reload();
    const link = sid.getByRole('link', { name: 'Evidence pack (ZIP)' });
    await link.waitFor();
    await env.look(sid, 'case-evidence-pack');
    const [download] = await Promise.all([sid.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`evidence-${applyId}.zip`);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const manifest = JSON.parse(strFromU8(files['manifest.json'])) as { files: { path: string; sha256: string }[] };
    for (const file of manifest.files) expect(createHash('sha256').update(files[file.path]).digest('hex'), file.path).toBe(file.sha256);
    expect(JSON.parse(strFromU8(files['screening.json']))[0]).toMatchObject({ state: 'cleared', deciderName: 'Sid Supervisor' });
    await sid.reload();
    await sid.getByRole('region', { name: 'Timeline' }).getByText(`Sid Supervisor made the evidence pack (${manifest.files.length} files)`).waitFor();
    expect(env.problems).toEqual([]);
  });

  it('a confirmed match is asked twice, then only a final refusal is offered, and the case offers the two-person override', async () => {
    const applyId = await submitted('ABDUL RAHMAN YUSOF', '133009002', 9002);
    const sid = await signedIn('sid@broker.example');
    await sid.goto(`${env.server.baseUrl}/console/cases/${applyId}`);
    const held = sid.getByRole('region', { name: 'Screening' });
    await held.getByLabel('Reason (what you checked)').fill('NRIC and date of birth agree with the FIED notice');
    await held.getByRole('button', { name: 'Confirm: the listed person' }).click();
    await held.getByText(/Confirm that this person is Domestic sanctions list DS-7\? The case can then only be refused finally/).waitFor();
    await env.look(sid, 'case-confirm-asked');
    await held.getByRole('button', { name: 'Yes, the listed person' }).click();
    await held.getByText('Hit confirmed: the listed person').waitFor();
    await held.getByText(/^This person is a confirmed match: the case is never approved/).waitFor();
    await held.getByText('Override the confirmed match (two supervisors)').waitFor();
    await env.look(sid, 'case-confirmed');
    const rae = await signedIn('rae@broker.example');
    await rae.goto(`${env.server.baseUrl}/console/cases/${applyId}`);
    await rae.getByRole('button', { name: 'Claim this case' }).click();
    await rae.getByText('This person is a confirmed match: the case can only be refused finally.').waitFor();
    expect(await rae.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(true);
    // Of the three ways back, only the final refusal is offered.
    const sendBack = rae.getByRole('form', { name: 'Send back to the applicant' });
    expect(await sendBack.getByRole('radio').count()).toBe(1);
    await env.look(rae, 'case-confirmed-reviewer');
    expect(env.problems).toEqual([]);
  });
});
