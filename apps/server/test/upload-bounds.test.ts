// An applicant decides how much their case and its evidence pack hold: their stored uploads are
// bounded in number and in bytes, counted with the write, so uploads sent at once never pass the
// bound together (on PGlite and on PostgreSQL). A second applicant is not held by the first's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { randomFillSync } from 'node:crypto';
import { Jimp } from 'jimp';
import { pngBytes, upload } from './fixtures.ts';
import { login, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  const base = loadConfig({ KH_DEV: '1' });
  server = await startServer({ uploads: { perApplicant: 4, bytesPerApplicant: 400_000 }, http: { ...base.http, uploadsAtOnce: 20 } });
});
afterAll(() => server.close());

describe('an applicant\'s stored uploads', () => {
  it('stop at the count, however many are sent at once, with a message that says what to do', async () => {
    const c = await login(server, '135100001');
    const image = await pngBytes(60, 40);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(c, image)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    const refused = answers.find((a) => a.status !== 200)!;
    expect(refused.status).toBe(413);
    expect(refused.body.msg).toBe('You have uploaded 4 files, the most one application keeps, and they are kept for your application. If you need to send more, contact customer service.');
    // Another applicant's uploads are theirs to count.
    expect((await upload(await login(server, '135100002'), image)).status).toBe(200);
  });

  it('stop at the bytes', async () => {
    const c = await login(server, '135100003');
    // Noise does not compress: a picture of about 150 KB.
    const picture = new Jimp({ width: 250, height: 200, color: 0 });
    randomFillSync(picture.bitmap.data);
    const big = Buffer.from(await picture.getBuffer('image/png'));
    expect(big.length).toBeGreaterThan(150_000);
    const first = await upload(c, big);
    const second = await upload(c, big);
    const third = await upload(c, big);
    const statuses = [first.status, second.status, third.status];
    expect(statuses.filter((status) => status === 200).length).toBe(Math.floor(400_000 / big.length));
    expect(statuses.at(-1)).toBe(413);
    expect(third.body.msg).toMatch(/^Your uploads together would pass 0 MB, the most one application keeps\. Upload a smaller file/);
  });
});
