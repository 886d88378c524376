// The S3 storage adapter against a real S3-compatible server (s3rver), and the server storing an
// upload there and reading it back as a preview.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@kh/testing';
import { FileMissingError, s3FileStorage, type S3Settings } from '../src/storage/s3-storage.ts';
import { login, startServer } from './harness.ts';
import { pngBytes, upload } from './fixtures.ts';

let s3: S3rver;
let settings: S3Settings;
beforeAll(async () => {
  const port = await freePort();
  s3 = new S3rver({ port, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 'kh-s3-')), configureBuckets: [{ name: 'kh-files', configs: [] }] });
  await s3.run();
  settings = { bucket: 'kh-files', region: 'ap-southeast-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'test/' };
});
afterAll(() => s3.close());

describe('S3 file storage', () => {
  it('writes and reads back the same bytes; a missing key is FileMissingError; an unsafe path is refused', async () => {
    const storage = s3FileStorage(settings);
    const bytes = new Uint8Array([0, 1, 2, 250, 251]);
    await storage.put('uploads/m1/a.png', bytes);
    expect(new Uint8Array(await storage.get('uploads/m1/a.png'))).toEqual(bytes);
    await expect(storage.get('uploads/m1/none.png')).rejects.toBeInstanceOf(FileMissingError);
    await expect(storage.put('../escape.png', bytes)).rejects.toThrow(/Refused path/);
    expect(await storage.reachable()).toBe(true);
    expect(await s3FileStorage({ ...settings, bucket: 'no-such-bucket' }).reachable()).toBe(false);
  });
  it('the server keeps an applicant\'s upload in the bucket, not on its disk, and previews it from there', async () => {
    const server = await startServer({ s3: settings });
    try {
      const c = await login(server, '127880001');
      const uploaded = await upload(c, await pngBytes(40, 30));
      expect(uploaded.status).toBe(200);
      const path = uploaded.body.data.filepath as string;
      const stored = await s3FileStorage(settings).get(path);
      expect(stored.subarray(1, 4).toString()).toBe('PNG');
      expect(existsSync(join(server.dataDir, 'files', path))).toBe(false);
      const preview = await c.get('/pdp/preview', { relativePath: path });
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toMatch(/^image\//);
      expect(await (await fetch(`${server.baseUrl}/readyz`)).json()).toMatchObject({ ready: true, storage: true });
    } finally {
      await server.close();
    }
  });
});
