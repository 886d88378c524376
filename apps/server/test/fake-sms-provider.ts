// A fake of the broker's SMS provider speaking httpSms's wire format (POST JSON { from, to, text },
// Bearer key; 2xx with { id }). It keeps what it received, and can refuse or stall on demand.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { freePort } from '@kh/testing';

export interface ReceivedSms {
  method?: string;
  contentType?: string;
  authorization?: string;
  body: { from: string; to: string; text: string };
}

export async function fakeSmsProvider(apiKey: string) {
  const received: ReceivedSms[] = [];
  let mode: 'accept' | 'refuse' | 'stall' = 'accept';
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk));
    req.on('end', () => {
      received.push({ method: req.method, contentType: req.headers['content-type'], authorization: req.headers.authorization, body: JSON.parse(raw) });
      if (mode === 'stall') return;
      const accepted = mode === 'accept' && req.headers.authorization === `Bearer ${apiKey}`;
      res.writeHead(accepted ? 202 : mode === 'refuse' ? 503 : 401, { 'content-type': 'application/json' }).end(JSON.stringify(accepted ? { id: `msg-${received.length}` } : { error: 'not sent' }));
    });
  });
  const port = await freePort();
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    received,
    setMode: (next: typeof mode) => void (mode = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
