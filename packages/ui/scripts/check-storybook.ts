// Opens every story of the built Storybook in headless Chromium at 390x844, in English and in
// Traditional Chinese (the step pages in Simplified Chinese too), waits for its play function, and
// fails on a failed play, an axe-core violation or a console error. A sample of stories is checked
// again under each preference: the high-contrast theme (AAA contrast), forced colours (Windows High
// Contrast) and reduced motion. Also saves the screenshots the README shows.
import { createServer } from 'node:http';
import { readFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { axeViolations, launchChromium } from '@kh/testing';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const staticDir = join(root, 'storybook-static');
const screenshots = join(root, 'docs/screenshots');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };
/** The screenshots the README shows: story id and language → file. */
const DOC_SHOTS: Record<string, string> = {
  'step-pages--personal en': 'personal-390x844.png',
  'step-pages--financial en': 'financial-390x844.png',
  'step-pages--tax en': 'tax-390x844.png',
  'screens-status-entry--new zh-HK': 'storybook-start-zh-HK-390x844.png',
  'screens-outcomes--rejection en': 'storybook-rejection-390x844.png',
  'screens-identity--hand-off-to-phone en': 'storybook-handoff-390x844.png',
};
/** The screens applicants see outside the generic step pages: each must have its story. */
const REQUIRED = [
  'screens-status-entry--new', 'screens-status-entry--under-review', 'screens-status-entry--successful', 'screens-status-entry--add-market',
  'screens-outcomes--rejection', 'screens-outcomes--result-submitted', 'screens-outcomes--result-account-opened', 'screens-outcomes--result-submit-failed',
  'screens-outcomes--my-abnormal', 'screens-outcomes--add-market', 'screens-outcomes--agreement-pdf', 'screens-outcomes--not-found', 'screens-login--as-start-page',
  'screens-identity--my-kad', 'screens-identity--transit', 'screens-identity--hand-off-to-phone', 'screens-identity--failed-blurry',
  'screens-payment--start', 'screens-payment--failed', 'screens-dialogs--exit-confirmation', 'screens-dialogs--market-left-unticked', 'layouts--toasts-and-loading',
];
const MIN_STORIES = 100;
const CONCURRENCY = Number(process.env.STORY_CONCURRENCY ?? 3);
/** Checked again under each preference: a form, a status screen, dialogs, widgets and toasts. */
const PREFERENCE_STORIES = ['step-pages--personal', 'screens-status-entry--new', 'screens-dialogs--exit-confirmation', 'widgets--signature', 'widgets--upload', 'layouts--toasts-and-loading', 'field-kinds--radio'];

/** Storybook's STORY_FINISHED payload: the a11y addon's report is one of its reporters. */
interface Finished {
  status: 'success' | 'error';
  reporters: { type: string; status: string; result?: { violations?: { id: string; nodes: { target: string[] }[] }[] } }[];
}

type Preference = 'high-contrast' | 'forced-colors' | 'reduced-motion';
interface Run {
  locale: string;
  preference?: Preference;
}

/** How a run is named in the report: its language, and its preference if any. */
const describeRun = (run: Run) => `${run.locale}${run.preference ? `, ${run.preference}` : ''}`;

if (!existsSync(join(staticDir, 'index.json'))) {
  console.error('Build Storybook first: pnpm build-storybook');
  process.exit(1);
}

const server = createServer((req, res) => {
  // Browsers ask for /favicon.ico on their own; Storybook ships an SVG one.
  if (req.url === '/favicon.ico') return void res.writeHead(204).end();
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  const file = join(staticDir, path.endsWith('/') ? `${path}index.html` : path);
  if (!file.startsWith(staticDir) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const index = JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')) as { entries: Record<string, { id: string; type: string; title: string; name: string }> };
// STORIES=<text> checks only the stories whose id contains it (while working on them); CI checks all.
const only = process.env.STORIES;
const stories = Object.values(index.entries).filter((e) => e.type === 'story' && (!only || e.id.includes(only)));
const failures: string[] = [];
if (!only && stories.length < MIN_STORIES) failures.push(`${stories.length} stories: the design system keeps at least ${MIN_STORIES}.`);
if (!only) for (const id of REQUIRED) if (!stories.some((s) => s.id === id)) failures.push(`missing story ${id}`);

const browser = await launchChromium();
/**
 * A browser context of its own for each story: stories run a few at a time, and pages of one context
 * share localStorage, where the app keeps drafts by application (every story's is the same). A market
 * story's draft with US ticked off, written while its zh-HK run was opening, came up in that run.
 */
async function storyContext() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  // tsx names functions through a __name helper that the page does not have.
  await context.addInitScript('window.__name = (target) => target');
  // Storybook's channel tells when a story has finished (its play function included) and how it went.
  await context.addInitScript(() => {
    type Channel = { on(event: string, listener: (payload: unknown) => void): void };
    const state = ((window as unknown as { __storyCheck: { finished?: { status: string }; errors: string[] } }).__storyCheck = { errors: [] });
    let channel: Channel | undefined;
    Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get: () => channel,
      set(value: Channel) {
        channel = value;
        value.on('storyFinished', (payload) => (state.finished = payload as { status: string }));
        for (const event of ['playFunctionThrewException', 'storyThrewException', 'storyErrored'])
          // The first line says what failed; testing-library appends the whole DOM after it.
          value.on(event, (payload) => state.errors.push(`${event}: ${String((payload as { message?: string })?.message ?? JSON.stringify(payload)).split('\n')[0]}`));
      },
    });
  });
  return context;
}
mkdirSync(screenshots, { recursive: true });

/** Checks what each preference promises, beyond axe. */
async function preferenceProblems(page: Page, preference: Preference): Promise<string[]> {
  if (preference === 'reduced-motion')
    // Nothing moves: no animation or transition longer than an instant.
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#storybook-root *')].flatMap((element) => {
        const style = getComputedStyle(element);
        const longest = Math.max(...[style.animationDuration, style.transitionDuration].flatMap((d) => d.split(',').map((v) => parseFloat(v) * (v.trim().endsWith('ms') ? 1 : 1000))));
        return longest > 10 ? [`reduced motion: ${element.tagName.toLowerCase()}.${element.className} moves for ${longest} ms`] : [];
      }),
    );
  if (preference === 'forced-colors')
    // The system's colours replace ours: every control must still show its edge (a border or outline).
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#storybook-root button, #storybook-root input:not([type="hidden"]):not(.visually-hidden), #storybook-root select, #storybook-root textarea, #storybook-root canvas')]
        // Native radios and checkboxes are drawn by the system itself in forced colours.
        .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).opacity !== '0')
        .filter((element) => !(element instanceof HTMLInputElement && ['radio', 'checkbox'].includes(element.type) && getComputedStyle(element).appearance !== 'none'))
        .flatMap((element) => {
          const style = getComputedStyle(element);
          const edged = (['Top', 'Right', 'Bottom', 'Left'] as const).some((side) => style[`border${side}Style`] !== 'none' && parseFloat(style[`border${side}Width`]) > 0);
          const link = element.classList.contains('button--link');
          return edged || link ? [] : [`forced colours: ${element.tagName.toLowerCase()}.${element.className} has no visible edge`];
        }),
    );
  return [];
}

async function check(story: { id: string; title: string; name: string }, run: Run): Promise<void> {
  const started = Date.now();
  const context = await storyContext();
  try {
    await checkIn(await context.newPage(), story, run, started);
  } finally {
    await context.close();
  }
}

async function checkIn(page: Page, story: { id: string; title: string; name: string }, run: Run, started: number): Promise<void> {
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text().split('\n')[0]} ${message.location().url}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => response.status() >= 400 && problems.push(`HTTP ${response.status()}: ${response.url()}`));
  if (run.preference === 'forced-colors') await page.emulateMedia({ forcedColors: 'active' });
  if (run.preference === 'reduced-motion') await page.emulateMedia({ reducedMotion: 'reduce' });
  const theme = run.preference === 'high-contrast' ? ';theme:high-contrast' : '';
  await page.goto(`${base}/iframe.html?id=${story.id}&viewMode=story&globals=locale:${run.locale}${theme}`, { waitUntil: 'load' });
  const finished = await page
    .waitForFunction(() => (window as unknown as { __storyCheck: { finished?: Finished } }).__storyCheck.finished, undefined, { timeout: 30_000 })
    .then((handle) => handle.jsonValue() as Promise<Finished>)
    .catch(() => undefined);
  const { errors } = await page.evaluate(() => (window as unknown as { __storyCheck: { errors: string[] } }).__storyCheck);
  problems.push(...errors);
  if (!finished) problems.push('the story did not finish in 30 s');
  else if (finished.status !== 'success' && errors.length === 0 && !finished.reporters.some((r) => r.status === 'failed')) problems.push(`the story finished with status ${finished.status}`);
  if ((await page.locator('#storybook-root > *').count()) === 0) problems.push('the story rendered nothing');
  // The a11y addon has run axe-core on the story (its report is in the finish); a preference run
  // runs it again here, with the enhanced contrast rule under high contrast.
  const violations = run.preference
    ? await axeViolations(page, '#storybook-root', run.preference === 'high-contrast' ? { 'color-contrast-enhanced': { enabled: true } } : {})
    : (finished?.reporters ?? []).filter((r) => r.type === 'a11y').flatMap((r) => (r.result?.violations ?? []).map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })));
  if (finished && !run.preference && !finished.reporters.some((r) => r.type === 'a11y')) problems.push('the a11y addon did not report');
  for (const v of violations) problems.push(`axe: ${v.id} at ${v.targets.join(', ')}`);
  if (run.preference) problems.push(...(await preferenceProblems(page, run.preference)));
  const shot = !run.preference && DOC_SHOTS[`${story.id} ${run.locale}`];
  if (shot) await page.screenshot({ path: join(screenshots, shot) });
  if (problems.length > 0) failures.push(`${story.title} / ${story.name} (${describeRun(run)}):\n  ${problems.join('\n  ')}`);
  // A slow story slows every CI run: it is named.
  if (Date.now() - started > 5000) console.log(`slow: ${story.id} (${describeRun(run)}) took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Whether Chinese renders with real glyphs (a CJK font is installed), not as empty boxes. */
async function cjkGlyphs(): Promise<boolean> {
  const context = await storyContext();
  const page = await context.newPage();
  const any = Object.values(index.entries).find((e) => e.type === 'story')!;
  await page.goto(`${base}/iframe.html?id=${any.id}&viewMode=story`, { waitUntil: 'load' });
  const real = await page.evaluate(() => {
    const draw = (text: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 40;
      const context = canvas.getContext('2d')!;
      context.font = '32px sans-serif';
      context.fillText(text, 2, 34);
      return canvas.toDataURL();
    };
    // A glyph-less code point draws the font's empty box: real Chinese must draw something else.
    return draw('開') !== draw('\u{10FFFD}') && draw('開') !== draw('戶');
  });
  await context.close();
  return real;
}

/** A page that crashes or closes fails its story, not the whole check. */
const guarded = (story: { id: string; title: string; name: string }, run: Run) =>
  check(story, run).catch((error: Error) => void failures.push(`${story.title} / ${story.name} (${describeRun(run)}): ${error.message.split('\n')[0]}`));

const queue: { story: (typeof stories)[number]; run: Run }[] = [];
for (const story of stories) for (const locale of story.id.startsWith('step-pages--') ? ['en', 'zh-HK', 'zh-CN'] : ['en', 'zh-HK']) queue.push({ story, run: { locale } });
for (const id of only ? [] : PREFERENCE_STORIES) {
  const story = stories.find((s) => s.id === id);
  if (!story) failures.push(`missing preference story ${id}`);
  else for (const preference of ['high-contrast', 'forced-colors', 'reduced-motion'] as const) queue.push({ story, run: { locale: 'en', preference } });
}
const runs = queue.length;
// A few pages at a time: each spends most of its time waiting on its own renderer.
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await guarded(next.story, next.run);
  }),
);
/** The MDX pages render, without errors; the tokens page finds the tokens in the stylesheet. */
async function checkDocs(entry: { id: string; title: string }): Promise<void> {
  const context = await storyContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text().split('\n')[0]}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(`${base}/iframe.html?id=${entry.id}&viewMode=docs`, { waitUntil: 'load' });
  await page.waitForSelector('#storybook-docs h1', { timeout: 20_000 }).catch(() => problems.push('the page rendered no title'));
  if (entry.id.includes('design-tokens')) {
    const tokens = await page.waitForSelector('[data-tokens]:not([data-tokens="0"])', { timeout: 10_000 }).catch(() => null);
    if (!tokens) problems.push('no design token was read from the stylesheet');
  }
  if (problems.length > 0) failures.push(`${entry.title} (docs):\n  ${problems.join('\n  ')}`);
  await context.close();
}
const docs = Object.values(index.entries).filter((e) => e.type === 'docs' && e.id.startsWith('docs-') && (!only || e.id.includes(only)));
if (!only && docs.length < 4) failures.push(`${docs.length} MDX pages: the design system documents at least 4.`);
for (const entry of docs) await checkDocs(entry);

if (!(await cjkGlyphs())) failures.push('Chinese renders as empty boxes: install a CJK font (Debian: fonts-noto-cjk; .ci/chromium.sh does).');
await browser.close();
server.close();
if (failures.length > 0) {
  console.error(failures.join('\n'));
  console.error(`\n${failures.length} story check(s) failed.`);
  process.exit(1);
}
console.log(
  `${stories.length} stories and ${docs.length} MDX pages, ${runs} runs in Chromium at 390x844 (every story in en and zh-HK, step pages in zh-CN too; ${PREFERENCE_STORIES.length} under high contrast, forced colours and reduced motion): every play passed, no axe violation, no console error.`,
);
