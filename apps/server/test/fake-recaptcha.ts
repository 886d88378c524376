// A fake of reCAPTCHA's siteverify: POST form { secret, response, remoteip } → { success, score, action }.
// A token names its verdict: "human:<action>" scores 0.9, "bot:<action>" 0.1; anything else fails.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { freePort } from '@kh/testing';

export async function fakeRecaptcha(secret: string) {
  const received: Record<string, string>[] = [];
  let down = false;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      received.push(form);
      if (down) return void res.writeHead(503).end();
      const [verdict, action] = (form.response ?? '').split(':');
      const known = form.secret === secret && (verdict === 'human' || verdict === 'bot');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(known ? { success: true, score: verdict === 'human' ? 0.9 : 0.1, action } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  const port = await freePort();
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    received,
    setDown: (value: boolean) => void (down = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
