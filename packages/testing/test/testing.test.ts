import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { axeViolations, freePort, hasChromium, launchChromium } from '../src/index.ts';

describe('freePort', () => {
  it('answers a port a server can then listen on', async () => {
    const port = await freePort();
    const server = createServer((_, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await expect((await fetch(`http://127.0.0.1:${port}/`)).text()).resolves.toBe('ok');
    server.close();
  });
});

describe.skipIf(!hasChromium)('Chromium and axe', () => {
  // Starts a browser and runs axe three times: seconds on a busy machine, more than vitest's default 5.
  it('finds a missing label, within the part asked for only', { timeout: 60_000 }, async () => {
    const browser = await launchChromium();
    const page = await browser.newPage();
    await page.setContent('<html lang="en"><head><title>t</title></head><body><main><div id="bad"><input type="text"></div><div id="good"><label>Name <input type="text"></label></div></main></body></html>');
    expect((await axeViolations(page)).map((v) => v.id)).toContain('label');
    expect((await axeViolations(page, '#bad')).find((v) => v.id === 'label')?.targets).toEqual(['#bad > input']);
    expect(await axeViolations(page, '#good')).toEqual([]);
    await browser.close();
  });
});
