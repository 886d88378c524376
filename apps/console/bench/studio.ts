// pnpm --filter @kh/console bench: the schema studio's two waits, against the real server.
// - Publish: a second editor publishes a version in review (the lint, the JSON Schema and the ajv
//   standalone code compiled once, stored, made live), then the first fetch of the validator module
//   the app will import. Each round drafts a one-field change of the contact step from the live version.
// - Preview: in Debian's Chromium, the editor changes the contact step's titleKey in the JSON editor;
//   from the last keystroke to the English phone drawing the new title (the pause the studio waits for
//   typing to stop, the server's lint and validator module, the compile and the three phones).
// - Screens: in Chromium, from the click to the screen ready, for the steps list (each step's live
//   version, lint, drafts and last change), opening the heaviest step (personal: the most fields and
//   texts) with its tree, and the lint's answer after typing pauses (from the pause's end).
// Prints the median and p95 of each, and fails past a budget.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, staffLogin } from '@kh/testing';
import type { StepSchema } from '@kh/engine';
import { loadStepSchemas } from '@kh/engine/node';
import { createStaff } from '../../server/src/staff/staff-auth.ts';
import { lintLiveVersions } from '../../server/src/studio/index.ts';
import { startServer } from '../../server/test/harness.ts';
import { signInEnrolling } from '../test/sign-in.ts';

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
/** Budgets: a publish an editor waits on, and a preview that keeps up with typing. */
const PUBLISH_BUDGET_MS = 1_000;
const PREVIEW_BUDGET_MS = 1_500;
/** Budgets for the studio's screens (issue: every studio screen ready within 300 ms of the click, the lint within 300 ms of the pause). */
const LIST_BUDGET_MS = 300;
const OPEN_BUDGET_MS = 300;
const LINT_BUDGET_MS = 300;

const PASSWORD = 'studio bench password';

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const summary = (values: number[]) => `median ${quantile(values, 0.5).toFixed(0)} ms, p95 ${quantile(values, 0.95).toFixed(0)} ms over ${values.length}`;

const server = await startServer({ consoleDist: resolve(here, '../dist') });
// As the server's start does (main.ts): every live version's lint made before the editors come.
await lintLiveVersions(server.database.db, server.studio);
const failures: string[] = [];
try {
  const db = server.database.db;
  await createStaff(db, { email: 'author@broker.example', name: 'Bench Author', password: PASSWORD, role: 'editor' });
  await createStaff(db, { email: 'checker@broker.example', name: 'Bench Checker', password: PASSWORD, role: 'editor' });
  // Signs in through the console's pages, so enrols there: an account of its own.
  await createStaff(db, { email: 'typist@broker.example', name: 'Bench Typist', password: PASSWORD, role: 'editor' });
  const call = async (who: string, method: string, path: string, body?: unknown) => {
    const token = await staffLogin(server.baseUrl, `${who}@broker.example`, PASSWORD);
    const res = await fetch(`${server.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { data: Record<string, unknown> };
  };

  // Publish, then serve: each round a version with one more field than the one before.
  const contact = loadStepSchemas().find((s) => s.id === 'contact')!;
  const publish: number[] = [];
  const serve: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const document: StepSchema = structuredClone(contact);
    document.fields.push({ id: `bench${round}`, kind: 'Input', valueType: 'string', dataKey: `bench${round}`, labelKey: 'field.contact.email.label' } as never);
    document.payload = { ...document.payload, [`bench${round}`]: 'string' };
    const { version } = (await call('author', 'POST', '/staff/studio/steps/contact/drafts', { document, translations: {} })).data as { version: number };
    await call('author', 'POST', `/staff/studio/steps/contact/versions/${version}/submit`);
    const started = performance.now();
    await call('checker', 'POST', `/staff/studio/steps/contact/versions/${version}/publish`, {});
    publish.push(performance.now() - started);
    const module = await fetch(`${server.baseUrl}/api/kh/account/schema/validators/contact/${version}.js`);
    await module.text();
    serve.push(performance.now() - started);
  }
  console.log(`studio publish (lint, compile, store, go live): ${summary(publish)}`);
  console.log(`studio publish until the app can fetch the validator module: ${summary(serve)}`);
  if (quantile(serve, 0.95) > PUBLISH_BUDGET_MS) failures.push(`publish p95 over ${PUBLISH_BUDGET_MS} ms`);

  // The preview after a keystroke in the JSON.
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInEnrolling(page, server.baseUrl, 'typist@broker.example', PASSWORD);

    // The screens: the list from the header's link, the heaviest step from the list, back and again.
    const list: number[] = [];
    const open: number[] = [];
    /**
     * From the click (a capture listener's time) to the first moment `ready` holds, both in the page's
     * clock: a MutationObserver checks at each change (Playwright's own waiting polls, up to 500 ms apart).
     */
    const clickToReady = async (link: ReturnType<typeof page.getByRole>, ready: string) => {
      const measured = page.evaluate<number>(`new Promise((done) => {
        let clicked;
        document.addEventListener('click', () => { clicked = performance.now(); }, { capture: true, once: true });
        const check = () => {
          if (clicked === undefined || !(${ready})) return;
          observer.disconnect();
          done(performance.now() - clicked);
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      })`);
      await link.click();
      return measured;
    };
    const LIST_READY = `(() => { const rows = [...document.querySelectorAll('tbody tr')]; return rows.length > 0 && rows.every((row) => /Lint clean|Problems/.test(row.textContent)); })()`;
    const OPEN_READY = `/^Showing /.test(document.querySelector('.studio-step__state')?.textContent ?? '') && document.querySelector('.studio-tree__name') !== null`;
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(`${server.baseUrl}/console/account`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      list.push(await clickToReady(page.getByRole('link', { name: 'Schema studio', exact: true }), LIST_READY));
      // An editor reads the list before choosing a step.
      await page.waitForTimeout(1_000);
      open.push(await clickToReady(page.getByRole('link', { name: /^Personal/ }).first(), OPEN_READY));
    }
    console.log(`studio steps list, click to every step's lint shown: ${summary(list)}`);
    console.log(`studio open the personal step (the heaviest), click to its field tree: ${summary(open)}`);
    if (quantile(list, 0.95) > LIST_BUDGET_MS) failures.push(`list p95 over ${LIST_BUDGET_MS} ms`);
    if (quantile(open, 0.95) > OPEN_BUDGET_MS) failures.push(`open p95 over ${OPEN_BUDGET_MS} ms`);

    await page.goto(`${server.baseUrl}/console/studio/contact`);
    await page.getByRole('button', { name: 'New draft from this' }).click();
    await page.getByText(/^Showing version \d+, draft$/).waitFor();
    const title = page.frameLocator('iframe[title="The step in English"]').locator('h1');
    await title.getByText('Contact Information').waitFor();
    await page.getByRole('tab', { name: 'JSON' }).click();
    await page.getByRole('textbox', { name: 'JSON' }).click();
    // Only this typing's requests are timed below (and the buffer holds all of them).
    await page.evaluate('performance.setResourceTimingBufferSize(10000); performance.clearResourceTimings()');
    // The last keydown's time, in the page's clock.
    await page.evaluate(`document.addEventListener('keydown', () => { window.lastKey = performance.now(); }, true)`);
    // Line 5 is `  "titleKey": "step.contact.title",`: the cursor goes after its step id.
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
    const preview: number[] = [];
    let current = 'contact';
    for (let round = 0; round < ROUNDS; round++) {
      const next = current === 'contact' ? 'personal' : 'contact';
      const expected = next === 'contact' ? 'Contact Information' : 'Personal Details';
      // Resolves, in the page's clock, when the English phone's title reads the expected text.
      // A string, not a function: tsx names the functions it compiles with a helper the page does not have.
      const drawn = page.evaluate<number>(`new Promise((done) => {
        const frame = document.querySelector('iframe[title="The step in English"]');
        const observer = new MutationObserver(() => {
          if (frame.contentDocument?.querySelector('h1')?.textContent !== ${JSON.stringify(expected)}) return;
          observer.disconnect();
          done(performance.now());
        });
        observer.observe(frame.contentDocument.body, { subtree: true, childList: true, characterData: true });
      })`);
      for (let i = 0; i < current.length; i++) await page.keyboard.press('Shift+ArrowLeft');
      await page.keyboard.type(next);
      const at = await drawn;
      preview.push(at - (await page.evaluate<number>('window.lastKey')));
      current = next;
    }
    console.log(`studio preview after a keystroke in the JSON (English phone redrawn, the 250 ms pause for typing included): ${summary(preview)}`);
    // The lint's part of it: each lint request, from the pause's end (when it is sent) to its answer.
    const lint = await page.evaluate<number[]>(`performance.getEntriesByType('resource').filter((entry) => /\\/studio\\/steps\\/contact\\/preview(\\?|$)/.test(entry.name)).map((entry) => entry.responseEnd - entry.startTime)`);
    console.log(`studio lint, from the typing pause's end to the lint's answer: ${summary(lint)}`);
    if (quantile(lint, 0.95) > LINT_BUDGET_MS) failures.push(`lint p95 over ${LINT_BUDGET_MS} ms`);
    if (quantile(preview, 0.95) > PREVIEW_BUDGET_MS) failures.push(`preview p95 over ${PREVIEW_BUDGET_MS} ms`);
  } finally {
    await browser.close();
  }
} finally {
  await server.close();
}
if (failures.length) {
  console.error(`studio bench over budget: ${failures.join('; ')}`);
  process.exit(1);
}
