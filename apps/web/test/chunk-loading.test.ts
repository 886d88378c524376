// SPEC §9: a page's code that does not arrive (120 s) or fails is said, with Retry; never a blank
// page or a loading screen for ever.
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../src/app/chunks.ts';
import { phone, shooter, useProduct } from './harness.ts';
import { login, waitPath } from './journey.ts';

describe('loadChunk', () => {
  it('gives up after 120 s, and turns a failed import into a ChunkLoadError', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    try {
      const stalled = loadChunk(() => new Promise<never>(() => undefined));
      const outcome = expect(stalled).rejects.toMatchObject({ name: 'ChunkLoadError', reason: 'timeout' });
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk(() => Promise.resolve('module'))).resolves.toBe('module');
  });
});

const env = useProduct();

describe('a step page whose code does not arrive', () => {
  it('says so with Retry, and the page draws once the code arrives', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('35-chunk-failed');
    await page.route(/\/assets\/FormStepPage-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await login(page, env.product, '123480071');
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByText('Network error, please try again later').waitFor();
    await shot.both(page, 'network-error');
    await page.unroute(/\/assets\/FormStepPage-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await waitPath(page, '/info/contact');
    await page.getByLabel('E-mail').waitFor();
  });
});

describe('a step whose saved answers cannot be fetched', () => {
  it('goes to /error with the code, which shows the network error text (SPEC §2)', async () => {
    const page = await (await phone(env.browser)).newPage();
    await login(page, env.product, '123480072');
    // Every fetch of saved answers fails from here (the retry too).
    await page.route(/\/fetch-data/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, code: '500', msg: 'down', data: null }) }));
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.waitForURL(/\/error\?code=500/, { timeout: 30_000 });
    await page.getByText('Network error, please try again later').waitFor();
  });
});
