// A small real HTTP server on 127.0.0.1 for the client's tests: no mocked fetch.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

type Handler = (request: Seen, response: ServerResponse) => unknown;

export async function startServer(routes: Record<string, Handler>) {
  const seen: Seen[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: Seen = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://127.0.0.1'), headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
    seen.push(request);
    const handler = routes[request.url.pathname];
    if (!handler) return envelope(res, 404, { success: false, code: 404, msg: 'not found', data: null });
    await handler(request, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export function envelope(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export const ok = (data: unknown, code: string | number = '10010000') => ({ success: true, code, msg: 'ok', data });
export const fail = (code: string | number, msg = 'failed') => ({ success: false, code, msg, data: null });
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
