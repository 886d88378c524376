// Serves the built applicant app (apps/web/dist) on the API's origin, as production does: static
// assets, the app's routes answered with index.html, and a strict Content-Security-Policy.
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
export const CONSOLE_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../console/dist');
/** The review console's pages: /console and everything under it. */
export const isConsoleRoute = (url: string) => url === '/console' || url.startsWith('/console/') || url.startsWith('/console?');
/** The app's Content-Security-Policy; frames only on its own origin and the broker's pages that embed it. */
export const appCsp = (embedOrigins: readonly string[] = []) =>
  `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors ${["'self'", ...embedOrigins].join(' ')}`;

/** Paths that belong to the API and the sandbox, never to the app. */
const API_PREFIXES = ['/api/', '/passport/', '/kh/', '/account/', '/ekyc/', '/money/', '/pdp/', '/plat/', '/staff/', '/sandbox/', '/dev/', '/healthz', '/readyz', '/metrics'];
/**
 * A path whose last segment names a file (/favicon.ico, a chunk an older build had) is a file that is
 * not there: answered 404, never with the page, which a browser would take as the script or icon.
 */
const namesAFile = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0]!);
export const isAppRoute = (url: string) => !API_PREFIXES.some((prefix) => url.startsWith(prefix)) && !namesAFile(url);

export async function registerWebApp(app: FastifyInstance, dist = WEB_DIST, embedOrigins: readonly string[] = []): Promise<((request: FastifyRequest, reply: FastifyReply) => unknown) | undefined> {
  if (!existsSync(join(dist, 'index.html'))) return undefined;
  const index = readFileSync(join(dist, 'index.html'));
  const csp = appCsp(embedOrigins);
  await app.register(fastifyStatic, {
    root: join(dist, 'assets'),
    prefix: '/assets/',
    // The build wrote each text asset's .br and .gz beside it (scripts/precompress.mjs).
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => void res.header('content-security-policy', csp),
  });
  const page = compressedVariants(index);
  return (request, reply) => sendPage(request, reply.type('text/html; charset=utf-8').header('content-security-policy', csp).header('cache-control', 'no-cache'), page);
}

/** index.html, compressed once: the not-found handler that serves the pages gets no route hooks (@fastify/compress). */
function compressedVariants(bytes: Buffer) {
  return { identity: bytes, br: brotliCompressSync(bytes), gzip: gzipSync(bytes, { level: 9 }) };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: ReturnType<typeof compressedVariants>) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  reply.header('vary', 'accept-encoding');
  return encoding ? reply.header('content-encoding', encoding).send(page[encoding]) : reply.send(page.identity);
}

/**
 * The review console (apps/console/dist) under /console, on the same origin and under the same CSP,
 * never framed by another site. Answers its pages' handler, or undefined when it is not built.
 */
export async function registerConsoleApp(app: FastifyInstance, dist = CONSOLE_DIST): Promise<((request: FastifyRequest, reply: FastifyReply) => unknown) | undefined> {
  if (!existsSync(join(dist, 'index.html'))) return undefined;
  const index = readFileSync(join(dist, 'index.html'));
  const csp = appCsp().replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'");
  await app.register(fastifyStatic, {
    root: join(dist, 'assets'),
    prefix: '/console/assets/',
    decorateReply: false,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => void res.header('content-security-policy', csp),
  });
  const page = compressedVariants(index);
  return (request, reply) => sendPage(request, reply.type('text/html; charset=utf-8').header('content-security-policy', csp).header('cache-control', 'no-cache').header('x-robots-tag', 'noindex'), page);
}
