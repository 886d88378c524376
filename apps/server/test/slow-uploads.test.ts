// An upload that trickles in cannot hold the server: a body that has not arrived within the request
// timeout is ended, a silent connection sooner; and one applicant sends a bounded number of files at
// once, refused before their bodies are read.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { pngBytes, upload } from './fixtures.ts';
import { login, startServer, type Client, type TestServer } from './harness.ts';

const defaults = loadConfig({ KH_DEV: '1' });
let server: TestServer;
let c: Client;
beforeAll(async () => {
  server = await startServer({ http: { ...defaults.http, requestTimeoutSeconds: 2, idleSeconds: 1, uploadsAtOnce: 2 } });
  c = await login(server, '125550001');
});
afterAll(() => server.close());

/** A multipart upload whose body is sent a few bytes at a time, never finished; answers when the server closes it. */
function trickle(cookie: string, everyMs: number): { socket: Socket; closedAfter: Promise<number> } {
  const started = Date.now();
  const { port } = new URL(server.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  const boundary = 'kh-slow-boundary';
  socket.write(
    `POST /pdp/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const timer = setInterval(() => socket.writable && socket.write('x'.repeat(8)), everyMs);
  const closedAfter = new Promise<number>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    });
    socket.on('error', () => undefined);
  });
  return { socket, closedAfter };
}

describe('slow uploads', () => {
  it('a body that trickles in is ended at the request timeout; a silent one at the idle timeout', async () => {
    const trickling = trickle(c.cookie, 300);
    const silent = trickle(c.cookie, 60_000);
    // Both would stay open for minutes without the timeouts (40 of 40 were still open after 40 s).
    const [trickled, quiet] = await Promise.all([trickling.closedAfter, silent.closedAfter]);
    expect(trickled).toBeLessThan(10_000);
    expect(quiet).toBeLessThan(10_000);
    // The server still answers.
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });

  it('an applicant sends two files at once; a third waits its turn, told so in their language', async () => {
    const held = [trickle(c.cookie, 200), trickle(c.cookie, 200)];
    await new Promise((r) => setTimeout(r, 300));
    const third = await c.request('POST', '/pdp/upload', { body: new Blob([new Uint8Array(await pngBytes())]), headers: { 'content-type': 'multipart/form-data; boundary=x' }, query: { language: 'zh-HK' } });
    expect(third.status).toBe(429);
    expect(third.body.msg).toBe('你正在上傳 2 個檔案。請等其中一個完成後再試。');
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map((h) => h.closedAfter));
    // Once the slots are free, this applicant uploads again.
    await new Promise((r) => setTimeout(r, 100));
    expect((await upload(c, await pngBytes())).status).toBe(200);
  });
});
