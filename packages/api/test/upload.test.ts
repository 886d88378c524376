// @vitest-environment jsdom
// Uploads go through XMLHttpRequest for progress events; jsdom's XHR makes real HTTP requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, createEndpoints } from '../src/index.ts';
import { envelope, fail, ok, startServer } from './server.ts';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({
    '/api/pdp/upload': (req, res) => {
      res.setHeader('access-control-allow-origin', 'http://localhost:3000');
      res.setHeader('access-control-allow-credentials', 'true');
      // Upload progress listeners make the browser ask first (CORS preflight); the app itself is same-origin.
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type' });
        return res.end();
      }
      if (!req.headers['content-type']?.startsWith('multipart/form-data')) return envelope(res, 400, fail(400));
      if (req.body.includes('not-a-picture')) return envelope(res, 400, fail(400, 'Only images and PDF'));
      envelope(res, 200, ok({ filename: 'a.png', filepath: 'u/1/a.png', originalFilename: 'front.png', bytes: req.body.length, language: req.url.searchParams.get('language') }));
    },
  });
});
afterAll(() => server.close());

const endpoints = () => createEndpoints(createApiClient({ baseUrl: server.baseUrl, prefix: '/api', language: () => 'zh-CN' }));

describe('uploads: multipart with upload progress events', () => {
  it('progress reaches 100 and the answer is unwrapped', async () => {
    const progress: number[] = [];
    const file = new Blob([new Uint8Array(256 * 1024).fill(7)], { type: 'image/png' });
    const answer = await endpoints().file.upload<{ filepath: string; bytes: number; language: string }>({ file, filename: 'front.png', onProgress: (p) => progress.push(p) });
    expect(answer.filepath).toBe('u/1/a.png');
    expect(answer.bytes).toBeGreaterThan(256 * 1024);
    expect(answer.language).toBe('zh-CN');
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
  it('a refused file comes back as an ApiError with the server message', async () => {
    const file = new Blob(['not-a-picture'], { type: 'image/png' });
    const failure = endpoints().file.upload({ file, filename: 'x.png' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: '400', serverMessage: 'Only images and PDF' });
  });
});
