// Opens every story of the built Storybook in headless Chromium at 390x844 and fails on any
// axe-core violation or console error. Also saves the step-page screenshots for docs/.
import { createServer } from 'node:http';
import { readFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { axeViolations, launchChromium } from '@kh/testing';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const staticDir = join(root, 'storybook-static');
const screenshots = join(root, 'docs/screenshots');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };
/** The step pages the README shows, at phone size. */
const DOC_SHOTS: Record<string, string> = { 'step-pages--personal': 'personal-390x844.png', 'step-pages--financial': 'financial-390x844.png', 'step-pages--tax': 'tax-390x844.png' };

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
const stories = Object.values(index.entries).filter((e) => e.type === 'story');
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
mkdirSync(screenshots, { recursive: true });
const failures: string[] = [];

for (const story of stories) {
  for (const locale of ['en', 'zh-HK', 'zh-CN']) {
    if (locale !== 'en' && !story.id.startsWith('step-pages--')) continue;
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()} ${message.location().url}`));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => response.status() >= 400 && problems.push(`HTTP ${response.status()}: ${response.url()}`));
    await page.goto(`${base}/iframe.html?id=${story.id}&viewMode=story&globals=locale:${locale}`, { waitUntil: 'load' });
    await page.waitForSelector('#storybook-root > *', { timeout: 15_000 }).catch(() => problems.push('the story rendered nothing'));
    await page.waitForTimeout(150);
    for (const v of await axeViolations(page, '#storybook-root')) problems.push(`axe: ${v.id} at ${v.targets.join(', ')}`);
    if (locale === 'en' && DOC_SHOTS[story.id]) await page.screenshot({ path: join(screenshots, DOC_SHOTS[story.id]) });
    if (problems.length > 0) failures.push(`${story.title} / ${story.name} (${locale}):\n  ${problems.join('\n  ')}`);
    await page.close();
  }
}
await browser.close();
server.close();
if (failures.length > 0) {
  console.error(failures.join('\n'));
  console.error(`\n${failures.length} story check(s) failed.`);
  process.exit(1);
}
console.log(`${stories.length} stories checked in Chromium at 390x844 (step pages in en, zh-HK and zh-CN): no axe violation, no console error.`);
