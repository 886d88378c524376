// docs/openapi.json is what the route schemas say: regenerate it (pnpm --filter @kh/server openapi)
// when a route changes, or this fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, openApiDocument } from '../src/openapi.ts';
import { startServer } from './harness.ts';

describe('OpenAPI', () => {
  it('docs/openapi.json is up to date with the route schemas', async () => {
    const current = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    expect(current, 'docs/openapi.json is stale: run pnpm --filter @kh/server openapi').toEqual(await openApiDocument());
  });
  it('describes the SPEC §7 calls once each, with their body schemas', async () => {
    const document = (await openApiDocument()) as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/'))).toBe(false);
    expect(document.paths['/passport/sms/auth-code/send'].post.requestBody).toBeDefined();
    expect(document.paths['/kh/account/apply/fill-data'].post.requestBody).toBeDefined();
    expect(document.paths['/passport/sms/auth-code/nonce'].post).toBeDefined();
  });
  it('is served at /dev/openapi.json in dev mode', async () => {
    const server = await startServer();
    try {
      const res = await fetch(`${server.baseUrl}/dev/openapi.json`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
    } finally {
      await server.close();
    }
  });
});
