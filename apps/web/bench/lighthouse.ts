// P4: Lighthouse (npm) in Debian's Chromium, mobile profile with its simulated slow 4G and 4x CPU,
// against the built app and the real server, on every route an applicant lands on: the entry and login
// pages logged out; a logged-in applicant's fresh start (the status page); every form step, both transit
// pages and the result, opened directly by an applicant who has answered every form step
// (apps/server/bench/answered-applicant.ts); another step opened in a new tab while a tab stands mid-flow;
// and a step page reloaded mid-flow. Goals per route: performance ≥ 95, LCP ≤ 1.2 s,
// total blocking time ≤ 100 ms, accessibility 100, each route's figures from one run or, where that run
// missed, the median of three; a route that misses one sets the exit code.
// LIGHTHOUSE_ROUTES=<comma-separated paths> measures those alone; LIGHTHOUSE_JSON=<dir> keeps each run's
// report and the trace Lighthouse simulated from (its long tasks, unthrottled: what to split or cut).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FLOW_AWAY_COOKIE, flowAwayValue } from '@kh/api';
import { STEPS, canonicalPath } from '@kh/flow';
import { CHROMIUM, freePort } from '@kh/testing';

const here = dirname(fileURLToPath(import.meta.url));
const serverDir = resolve(here, '../../server');

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kh-lighthouse-'));
  // The built server, as production runs it (the bench script builds it first), not its sources through tsx.
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, KH_DEV: '1', KH_DEV_PASSWORD: 'lighthouse', KH_WEB_DIST: resolve(here, '../dist'), KH_CONSOLE_DIST: '/nonexistent', KH_PUBLIC_ORIGIN: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300 && !(await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
  return { origin, stop: () => (child.kill('SIGTERM'), rmSync(dataDir, { recursive: true, force: true })) };
}

/** A logged-in applicant who has answered every form step (the server's bench helper): their session cookie. */
function answeredApplicantCookie(origin: string): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/answered-applicant.ts', origin, 'lighthouse'], { cwd: serverDir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`answered-applicant: ${run.stderr}`);
  return run.stdout.trim();
}

/** The cookie of a tab whose flow stands on the personal step. */
const standingOnPersonal = flowAwayValue(undefined, 'lighthouse', 'personal');

/** The routes, each with who opens it. */
function landingRoutes(cookie: string): { name: string; path: string; headers: Record<string, string> }[] {
  const opened = STEPS.filter((step) => step.form || ['identityTransit', 'paymentTransit', 'result'].includes(step.name));
  return [
    { name: 'entry, logged out', path: canonicalPath('start'), headers: {} },
    { name: 'login', path: '/login', headers: {} },
    { name: 'a logged-in applicant\'s start (the status page)', path: canonicalPath('start'), headers: { cookie } },
    // A link from an e-mail, a bookmark, a provider's return in a new tab: a fresh boot opens on the status page.
    ...opened.map((step) => ({ name: `${step.name}, opened directly`, path: canonicalPath(step.name), headers: { cookie } })),
    // Another step opened in a new tab while a tab's flow stands on the personal step (the app's
    // FLOW_AWAY_COOKIE names it): the new tab has no flow of its own and opens on the status page.
    { name: 'work, opened in a new tab while another stands on personal', path: canonicalPath('work'), headers: { cookie: `${cookie}; ${FLOW_AWAY_COOKIE}=${standingOnPersonal}` } },
    // The step a tab's flow stands on: its reload resumes there, any other tab opens on the status page;
    // the status page comes drawn with a resume check first (scripts/resume-check.ts), which hides it in
    // the tab that resumes. Lighthouse's fresh tab has no flow of its own: the drawn page shows. The real
    // reload, in the tab that has the flow, is bench/reload.ts.
    { name: 'personal, reloaded mid-flow', path: canonicalPath('personal'), headers: { cookie: `${cookie}; ${FLOW_AWAY_COOKIE}=${standingOnPersonal}` } },
  ];
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  userDataDir: mkdtempSync(join(tmpdir(), 'kh-lighthouse-chrome-')),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
interface Run {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  /** Where the page ended (a step opened directly ends on the status page). */
  ended: string;
}
const meets = (run: Run) => run.performance >= 95 && run.accessibility === 100 && run.lcp <= 1200 && run.tbt <= 100;
/** Each figure's median over the runs; a run with no LCP (Lighthouse's trace had none) counts as the slowest. */
function medianRun(runs: Run[]): Run {
  const median = (values: number[]) => [...values].sort((a, b) => (Number.isNaN(a) ? Infinity : a) - (Number.isNaN(b) ? Infinity : b))[Math.floor(values.length / 2)]!;
  return { ended: runs[0]!.ended, performance: median(runs.map((r) => r.performance)), accessibility: median(runs.map((r) => r.accessibility)), lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)) };
}

async function measure(name: string, path: string, headers: Record<string, string>, attempt: number): Promise<Run> {
  // A logged-in page fires its load event within 0.2 s and its network is quiet after 1 s (Chromium's
  // own events), yet Lighthouse waited its whole 45 s for the quiet: 10 s holds the whole load. The
  // screenshots, which no figure here reads, took 5 of a route's 18 s.
  const result = await lighthouse(`${server.origin}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: headers,
    maxWaitForLoad: 10_000,
    disableFullPageScreenshot: true,
    skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
    ...(process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
  });
  const lhr = result!.lhr;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const run = { ended: new URL(lhr.finalDisplayedUrl).pathname, performance: score('performance'), accessibility: score('accessibility'), lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN, tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN };
  if (Number.isNaN(run.lcp)) console.log(`  ${path}: no LCP in this run (${lhr.runtimeError?.message ?? lhr.audits['largest-contentful-paint']?.errorMessage ?? lhr.runWarnings.join(' | ')})`);
  // One file a route and run: two routes may share a path (a step opened directly, and reloaded mid-flow).
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(join(process.env.LIGHTHOUSE_JSON, `${`${name} ${path} ${attempt}`.replace(/[^A-Za-z0-9-]+/g, '_')}.json`), JSON.stringify(lhr));
  // The trace Lighthouse simulated from: what its long tasks were made of (open it in DevTools' Performance panel).
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(join(process.env.LIGHTHOUSE_JSON, `${`${name} ${path} ${attempt}`.replace(/[^A-Za-z0-9-]+/g, '_')}.trace.json`), JSON.stringify((result!.artifacts as { Trace?: unknown }).Trace));
  if (process.env.LIGHTHOUSE_DETAILS)
    for (const audit of Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative'))
      console.log(`  ${audit.id}: ${audit.displayValue ?? ''} ${audit.score}`);
  return run;
}

let missed = 0;
try {
  const only = process.env.LIGHTHOUSE_ROUTES?.split(',');
  for (const { name, path, headers } of landingRoutes(answeredApplicantCookie(server.origin)).filter((route) => !only || only.includes(route.path))) {
    // One run a route; a route whose run misses is run twice more and judged on the median of the three:
    // the same drawn page measured LCP 0.65-2.09 s and TBT 36-129 ms across routes of one run on this
    // busy 2-core machine (Lighthouse itself asks for the median of several runs).
    const runs = [await measure(name, path, headers, 1)];
    if (!meets(runs[0]!)) runs.push(await measure(name, path, headers, 2), await measure(name, path, headers, 3));
    const median = medianRun(runs);
    const { performance, accessibility, lcp, tbt } = median;
    const met = meets(median);
    if (!met) missed++;
    console.log(
      `P4 Lighthouse mobile, ${name} ${path} (ended at ${median.ended})${runs.length > 1 ? ', median of 3 runs' : ''}: performance ${performance} (goal ≥ 95), LCP ${(lcp / 1000).toFixed(2)} s (goal ≤ 1.2 s), TBT ${Math.round(tbt)} ms (goal ≤ 100 ms), accessibility ${accessibility} (goal 100) ${met ? 'met' : 'NOT MET'}`,
    );
  }
} finally {
  chrome.kill();
  server.stop();
}
if (missed > 0) {
  console.log(`P4 Lighthouse: ${missed} route(s) missed a goal`);
  process.exitCode = 1;
}
