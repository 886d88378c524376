// Serves the built applicant app (apps/web/dist) on the API's origin, as production does: static
// assets, the app's routes answered with index.html, and a strict Content-Security-Policy.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { DRAWN_SERVICE_MARKS, FLOW_AWAY_COOKIE, flowMayStandOn, pageAnswersElement } from '@kh/api';
import { contextFromRecords, resolveRoute, statusEntry, type KhInfo } from '@kh/flow';
import { LANGUAGE_COOKIE, chooseLanguage } from '@kh/i18n';
import { appCsp } from '../http/csp.ts';
import { escapeHtml } from '../sandbox/html.ts';
import { sessionOf, type SessionRow } from '../http/session.ts';
import { initApplication } from '../applications/index.ts';
import { answersForPage } from './page-answers.ts';

export const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
export const CONSOLE_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../console/dist');
/** The review console's pages: /console and everything under it. */
export const isConsoleRoute = (url: string) => url === '/console' || url.startsWith('/console/') || url.startsWith('/console?');
/** reCAPTCHA's script and frame origins: allowed only where the bot check is reCAPTCHA. */
export const RECAPTCHA_ORIGINS = ['https://www.google.com', 'https://www.gstatic.com'] as const;


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
  const botCheckOrigins = app.kh.config.botCheck.kind === 'recaptcha' ? RECAPTCHA_ORIGINS : [];
  const csp = appCsp(embedOrigins, [], botCheckOrigins);
  await app.register(fastifyStatic, {
    root: join(dist, 'assets'),
    prefix: '/assets/',
    // The build wrote each text asset's .br and .gz beside it (scripts/precompress.mjs).
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => void res.header('content-security-policy', csp),
  });
  const plain = encodedPage(index);
  const pages = loadPages(join(dist, 'pages'), app.kh.config.service);
  // The status pages' resume check (apps/web scripts/resume-check.ts), which lets one be drawn where a
  // tab's flow may stand on the step; a build without it sends the logged-in page there instead.
  const canCheckResume = [...pages.values()].some((page) => page.resumeCheck);
  return async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('content-security-policy', csp).header('cache-control', 'no-cache');
    if (pages.size === 0) return sendPage(request, reply, plain);
    // The page depends on the session and the language: no shared cache may answer it for another.
    reply.header('vary', 'accept-encoding, accept-language, cookie');
    const chosen = await pageNameFor(request, (name) => pages.has(name), canCheckResume);
    const page = chosen ? pages.get(chosen.name) : undefined;
    if (!page) return sendPage(request, reply, plain);
    // A drawn page's styles and its resume check are inline (it paints before any file arrives): allowed by their hash only.
    if (page.styleHashes.length > 0 || page.scriptHashes.length > 0) reply.header('content-security-policy', appCsp(embedOrigins, page.styleHashes, botCheckOrigins, page.scriptHashes));
    if (!chosen!.answeredFor) return sendPage(request, reply, page.bytes);
    // The applicant's own answers are in this page: no cache keeps it.
    const answers = await answersForPage(app, request, chosen!.language, chosen!.answeredFor);
    let drawn = page.html;
    // The step's name is one of the flow's (resolveRoute): nothing to escape.
    if (chosen!.resumeOn) drawn = drawn.replace(RESUME_CHECK_TAG, `<script data-step="${chosen!.resumeOn}">`);
    const at = drawn.includes('</body>') ? drawn.lastIndexOf('</body>') : drawn.length;
    const html = `${drawn.slice(0, at)}${pageAnswersElement(answers)}${drawn.slice(at)}`;
    return sendPage(request, reply.header('cache-control', 'no-store'), encodedPage(Buffer.from(html), { sentOnce: true }));
  };
}

/** The drawn status page's resume check as the build leaves it (apps/web scripts/resume-check.ts): no step named. */
const RESUME_CHECK_TAG = '<script data-step="">';
const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * dist/pages/<name>.html (apps/web/scripts/prerender.ts), with this server's customer service where the
 * build left its marks (the app that takes the page over shows the same: a line that changed as it did
 * was Lighthouse's largest paint, seconds late), each encoding compressed once; none in a build without them.
 */
function loadPages(dir: string, service: { phone: string; email: string }): Map<string, { html: string; bytes: EncodedPage; styleHashes: string[]; scriptHashes: string[]; resumeCheck: boolean }> {
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => {
        const page = readFileSync(join(dir, file), 'utf8').replaceAll(DRAWN_SERVICE_MARKS.phone, escapeHtml(service.phone)).replaceAll(DRAWN_SERVICE_MARKS.email, escapeHtml(service.email));
        const styleHashes = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => sha256Source(css!));
        const scriptHashes = [...page.matchAll(/<script data-step="">([\s\S]*?)<\/script>/g)].map(([, code]) => sha256Source(code!));
        return [file.slice(0, -'.html'.length), { html: page, bytes: encodedPage(Buffer.from(page)), styleHashes, scriptHashes, resumeCheck: page.includes(RESUME_CHECK_TAG) }];
      }),
  );
}

interface ChosenPage {
  name: string;
  language: string;
  /** A logged-in page: the step whose boot's answers it comes with. */
  answeredFor?: { name: string; form?: boolean };
  /** A status page drawn for a step a tab's flow may stand on: the step its resume check asks about. */
  resumeOn?: string;
}

/**
 * Which page answers: a logged-out visitor's start page or login, drawn in their language (the URL's
 * ?language=, their kept choice, their browser's); a logged-in applicant's status page, drawn, where
 * the application would open on it, or may (drawnStatus); else a logged-in applicant's page that says so; the
 * plain page where the app shows neither (a missing page, /error) or the session could not be read.
 */
async function pageNameFor(request: FastifyRequest, drawn: (name: string) => boolean, canCheckResume: boolean): Promise<ChosenPage | undefined> {
  const url = new URL(request.url, 'http://app');
  if (url.pathname === '/error') return undefined;
  const route = resolveRoute(url.pathname, url.search);
  if (route.notFound && url.pathname !== '/login') return undefined;
  let session: SessionRow | undefined;
  try {
    session = await sessionOf(request);
  } catch (error) {
    request.log.warn({ err: error }, 'session not read for the page: the page asks itself');
    return undefined;
  }
  const language = chooseLanguage({ url: url.searchParams.get('language'), stored: request.cookies[LANGUAGE_COOKIE], browser: new Negotiator(request).languages() });
  if (session) {
    const status = await drawnStatus(request, url, route.step.name, session, canCheckResume).catch((error: unknown) => {
      request.log.warn({ err: error }, 'status not read for the page: the plain page goes');
      return undefined;
    });
    // Either page comes with the answers the application's boot would ask for (behind the drawn status
    // page it boots out of sight, and its calls were a long task of the page's).
    if (status && drawn(`status-${status.state}.${language}`))
      return { name: `status-${status.state}.${language}`, language, answeredFor: route.step, ...(status.mayResume ? { resumeOn: route.step.name } : {}) };
    return { name: `app.${language}`, language, answeredFor: route.step };
  }
  return { name: `${url.pathname === '/login' || route.step.requiresLogin ? 'login' : 'start'}.${language}`, language };
}

/**
 * The status page state a logged-in applicant's application opens on: a fresh boot starts on the
 * status page (apps/web application.tsx), unless it is the add-market entry or a phone handed an
 * identity check, or the page is framed (the broker's page embedding it may not pass that cookie).
 * Where a tab's flow stands on the step asked for (the app's FLOW_AWAY_COOKIE), `mayResume`: that
 * tab's reload resumes there, any other tab opens on the status page, and only the tab knows which it
 * is (its resume check, apps/web scripts/resume-check.ts); without that script, no page is drawn there.
 */
async function drawnStatus(request: FastifyRequest, url: URL, step: string, session: SessionRow, canCheckResume: boolean): Promise<{ state: string; mayResume: boolean } | undefined> {
  const mayResume = flowMayStandOn(request.cookies[FLOW_AWAY_COOKIE], step);
  if ((mayResume && !canCheckResume) || session.handoffApplicationId || request.headers['sec-fetch-dest'] === 'iframe') return undefined;
  if (url.pathname.startsWith('/market/again') || url.searchParams.has('entryCode') || url.searchParams.has('handoff')) return undefined;
  const application = await initApplication(request.server.kh.db, session.memberId);
  const record = application ? { status: application.status as KhInfo['status'], opened: application.opened, market: application.market, masClientCodeActive: application.masClientCodeActive, rejectedReason: application.rejectedReason, rejectionKind: application.rejectionKind, fillStep: application.fillStep } : null;
  const state = statusEntry(contextFromRecords({ record, config: request.server.kh.config.appConfig, platform: 'pc' })).state;
  return state ? { state, mayResume } : undefined;
}

type Encoding = 'br' | 'gzip';
type EncodedPage = ReturnType<typeof encodedPage>;

/**
 * A page's bytes and each encoding of them, compressed when first asked for and kept: the not-found
 * handler that serves the pages gets no route hooks (@fastify/compress). A page made for one request
 * (`sentOnce`) is compressed quickly rather than small.
 */
function encodedPage(bytes: Buffer, { sentOnce = false } = {}) {
  const encoded: Partial<Record<Encoding, Buffer>> = {};
  const compress: Record<Encoding, () => Buffer> = {
    br: () => brotliCompressSync(bytes, sentOnce ? { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } : {}),
    gzip: () => gzipSync(bytes, { level: sentOnce ? 6 : 9 }),
  };
  return { identity: bytes, as: (encoding: Encoding): Buffer => (encoded[encoding] ??= compress[encoding]()) };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: EncodedPage) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  return encoding ? reply.header('content-encoding', encoding).send(page.as(encoding)) : reply.send(page.identity);
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
  const page = encodedPage(index);
  return (request, reply) => sendPage(request, reply.type('text/html; charset=utf-8').header('content-security-policy', csp).header('cache-control', 'no-cache').header('x-robots-tag', 'noindex'), page);
}
