// Due times and risk in the console, in Debian's Chromium against the real server: the queue is worked
// most urgent first, a breached case is flagged and counted, "Overdue only" narrows to the breaches, and
// the case shows its due time; a risky case is banded in the queue, filtered by band, shows the factors
// met, and the rules are one link away. Each page at 1280x800 and 390x844 with axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answers, submitAll, uploadedPath } from '../../server/test/fixtures.ts';
import { login, setDueIn } from '../../server/test/harness.ts';
import { useConsole } from './harness.ts';
import { signInEnrolling } from './sign-in.ts';

const PASSWORD = 'console due times password';
let page: Page;
const env = useConsole('console-urgency-risk', [['rae@broker.example', 'Rae Reviewer', 'reviewer']], PASSWORD);

async function submitted(n: number, name: string, change: (data: ReturnType<typeof answers>) => void = () => {}): Promise<string> {
  const mobile = `1330${n}`;
  const c = await login(env.server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  data.personal.documentName = data.identity.documentName = name;
  change(data);
  await submitAll(c, applyId, data);
  return applyId as string;
}

describe('due times in the console', () => {
  it('the breached case comes first, flagged and counted; "Overdue only" shows just it; the case says when it was due', async () => {
    const onTime = await submitted(90101, 'LIM AH KOW');
    const late = await submitted(90102, 'SITI BINTI HASSAN');
    await setDueIn(env.server, late, -3 * 3_600_000);
    expect(onTime).not.toBe(late);

    page = await env.newPage(1280, 800);
    await signInEnrolling(page, env.server.baseUrl, 'rae@broker.example', PASSWORD);
    const rows = page.getByRole('region', { name: 'Cases' }).getByRole('row');
    await page.getByText('1 case past its due time').waitFor();
    // Submitted second, but past its due time: first.
    await expect.poll(async () => (await rows.nth(1).innerText()).includes('SITI BINTI HASSAN')).toBe(true);
    expect(await rows.nth(1).innerText()).toMatch(/Overdue\s+was due 3 hours ago/);
    expect(await rows.nth(2).innerText()).toMatch(/due in \d+ hours|due tomorrow|due in \d+ days/);
    await env.look(page, 'queue-overdue');

    await page.getByLabel('Overdue only').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/^1 case · 1 case past its due time$/).waitFor();
    expect(await rows.count()).toBe(2);
    await env.look(page, 'queue-overdue-only');

    await page.getByRole('link', { name: 'SITI BINTI HASSAN' }).click();
    await page.getByText(/^Overdue Due .+ \(3 hours ago\)$/).waitFor();
    await env.look(page, 'case-overdue');
    expect(env.problems).toEqual([]);
  });

  it('a politically exposed person with a margin account is banded high, filtered by band, and shows why', async () => {
    const risky = await submitted(90103, 'DATO SERI EXAMPLE', (data) => {
      Object.assign(data.declaration, { isPep: true, pepName: 'Dato Seri Example', pepPosition: 'Minister', pepEmployer: 'Government', pepCountry: 'MYS' });
      data.market.marginAcc = true;
    });
    // Rae, signed in above.
    await page.goto(`${env.server.baseUrl}/console/`);
    // A column's header asks the server for its order: the riskiest first, then the least risky first.
    const cases = page.getByRole('region', { name: 'Cases' });
    await cases.getByRole('button', { name: /^Risk/ }).click();
    await expect.poll(async () => (await cases.getByRole('row').nth(1).innerText()).includes('DATO SERI EXAMPLE')).toBe(true);
    await cases.getByRole('button', { name: /^Risk/ }).click();
    await expect.poll(async () => (await cases.getByRole('row').last().innerText()).includes('DATO SERI EXAMPLE')).toBe(true);
    expect(await cases.getByRole('columnheader', { name: /^Risk/ }).getAttribute('aria-sort')).toBe('ascending');
    // The reader chooses the columns, kept for the next visit.
    await page.getByText('Columns', { exact: true }).click();
    await page.getByRole('group', { name: 'Columns shown in Cases' }).getByLabel('Flags').uncheck();
    expect(await cases.getByRole('columnheader', { name: 'Flags' }).count()).toBe(0);
    await env.look(page, 'queue-sorted-columns');
    await page.reload();
    await cases.getByRole('row').nth(1).waitFor();
    expect(await cases.getByRole('columnheader', { name: 'Flags' }).count()).toBe(0);
    await page.getByLabel(/^Risk/).selectOption('high');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/^1 case/).waitFor();
    const row = page.getByRole('region', { name: 'Cases' }).getByRole('row').nth(1);
    expect(await row.innerText()).toMatch(/DATO SERI EXAMPLE[\s\S]*High · 50/);
    await env.look(page, 'queue-high-risk');

    await page.getByRole('link', { name: 'DATO SERI EXAMPLE' }).click();
    await page.waitForURL(`**/console/cases/${risky}`);
    const panel = page.getByRole('region', { name: 'Risk' });
    await panel.getByText('score 50').waitFor();
    expect(await panel.getByRole('listitem').allInnerTexts()).toEqual(['Politically exposed person +40', 'Margin account +10']);
    await page.getByText(/^Needs a second approval \(.*High risk\)/).waitFor();
    await env.look(page, 'case-risk');

    await panel.getByRole('link', { name: 'How risk is scored' }).click();
    await page.getByRole('heading', { name: 'Risk rules' }).waitFor();
    await page.getByRole('cell', { name: 'annualIncome ≥ 4 and estimatedNetWorth ≤ 1' }).waitFor();
    await page.getByText('A case in the High band or above needs a second approval.').waitFor();
    await env.look(page, 'risk-rules');
    expect(env.problems).toEqual([]);
  });
});
