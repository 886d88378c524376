// Due times in the console, in Debian's Chromium against the real server: the queue is worked most
// urgent first, a breached case is flagged and counted, "Overdue only" narrows to the breaches, and the
// case shows its due time. Each page at 1280x800 and 390x844 with axe.
import { describe, expect, it } from 'vitest';
import { answers, submitAll, uploadedPath } from '../../server/test/fixtures.ts';
import { login, setDueIn } from '../../server/test/harness.ts';
import { useConsole } from './harness.ts';
import { signInEnrolling } from './sign-in.ts';

const PASSWORD = 'console due times password';
const env = useConsole('console-due-times', [['rae@broker.example', 'Rae Reviewer', 'reviewer']], PASSWORD);

async function submitted(n: number, name: string): Promise<string> {
  const mobile = `1330${n}`;
  const c = await login(env.server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  data.personal.documentName = data.identity.documentName = name;
  await submitAll(c, applyId, data);
  return applyId as string;
}

describe('due times in the console', () => {
  it('the breached case comes first, flagged and counted; "Overdue only" shows just it; the case says when it was due', async () => {
    const onTime = await submitted(90101, 'LIM AH KOW');
    const late = await submitted(90102, 'SITI BINTI HASSAN');
    await setDueIn(env.server, late, -3 * 3_600_000);
    expect(onTime).not.toBe(late);

    const page = await env.newPage(1280, 800);
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
});
