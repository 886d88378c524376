// The API server: Fastify with one plugin per service, each mounted at its SPEC §7 base path and
// again under /api (the one-origin prefix of the web app).
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { sql } from 'drizzle-orm';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import type { Database } from './db/database.ts';
import { errorReports } from './db/schema.ts';
import { AppError, badRequest, sendError } from './http/envelope.ts';
import { RETRY_AFTER_SECONDS, logDependencyFailure, serviceUnavailable, unavailable } from './http/dependencies.ts';
import { loggerRedaction, safeError } from './observability/redaction.ts';
import { BUILD } from './observability/build-info.ts';
import { guardInput, isMalformedMultipart } from './http/input-guard.ts';
import { normalisedPath, originSplit, sameOriginGuard } from './http/same-origin.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { sessionTimingHeaders } from './http/session.ts';
import { localFileStorage } from './storage/file-storage.ts';
import { s3FileStorage } from './storage/s3-storage.ts';
import { httpSms, sandboxSms } from './messages/index.ts';
import { noBotCheck, recaptchaBotCheck, sandboxBotCheck } from './passport/index.ts';
import { createMetrics } from './observability/metrics.ts';
import { loadBusinessCalendar } from '@kh/calendar/node';
import { loadRiskRules } from '@kh/risk/node';
import { sandboxMailer, smtpMailer } from './messages/index.ts';
import { providerWorker } from './jobs/provider-jobs.ts';
import { identityJobs } from './identity/index.ts';
import { paymentJobs } from './payment/index.ts';
import { notificationWorker } from './messages/index.ts';
import { QUEUES, startQueue } from './jobs/queue.ts';
import { publishScheduled, StudioCompiler } from './studio/index.ts';
import { Screener, screeningJobs } from './screening/index.ts';
import { sweepUnfinishedUploads } from './documents/index.ts';
import type pg from 'pg';
import { sameSignature } from '@kh/api';
import { loadEveryNumberingPlan } from '@kh/engine';
import { passportPlugin } from './passport/index.ts';
import { applyPlugin, dealerPlugin } from './applications/index.ts';
import { PdfRenderer, applicationPdfPlugin } from './documents/index.ts';
import { supplementPlugin } from './applications/index.ts';
import { accountPlugin } from './applications/index.ts';
import { dictionaryPlugin } from './steps/index.ts';
import { filePlugin } from './documents/index.ts';
import { helpPlugin } from './documents/index.ts';
import { analyticsPlugin } from './analytics/index.ts';
import { devPlugin } from './messages/index.ts';
import { SCHEMA_BASE, stepSchemasPlugin } from './steps/index.ts';
import { join } from 'node:path';
import { isAppRoute, isConsoleRoute, registerConsoleApp, registerWebApp } from './pages/index.ts';

/** Each service and the base path SPEC §7 gives it. */
const SERVICES: [FastifyPluginAsync, string][] = [
  [passportPlugin, '/passport'],
  [applyPlugin, '/kh/account/apply'],
  [applicationPdfPlugin, '/kh/account/apply'],
  [supplementPlugin, '/kh/account/supplement'],
  [accountPlugin, '/account'],
  [dictionaryPlugin, '/pdp'],
  [filePlugin, '/pdp'],
  [helpPlugin, '/pdp'],
  [analyticsPlugin, '/pdp'],
  [dealerPlugin, '/plat'],
  [stepSchemasPlugin, SCHEMA_BASE],
];

export interface BuildOptions {
  config: ServerConfig;
  db: Database;
  /** Logger options, or a pino instance (main.ts's). */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Extra plugins (the sandbox providers, staff review) registered with the same context. */
  extraServices?: [FastifyPluginAsync, string][];
  /** Told of every route as it is declared (the fuzz test sends to each). */
  onRoute?(route: { method: string; url: string }): void;
}

/** A request slower than this is logged at warn, with its route and time. */
const SLOW_REQUEST_MS = 1000;
/** How long /readyz waits for each dependency before calling it down. */
const READY_CHECK_MS = 2000;

export async function buildApp({ config, db, logger = false, extraServices = [], onRoute }: BuildOptions): Promise<FastifyInstance> {
  // The server judges every area code: every numbering plan, before the first request.
  await loadEveryNumberingPlan();
  // A pino instance (main.ts's, with the redaction policy) is the server's logger; options make one.
  const isInstance = typeof logger === 'object' && logger !== null && 'child' in logger && typeof (logger as { child?: unknown }).child === 'function';
  const app = Fastify({
    ...((isInstance ? { loggerInstance: logger } : { logger: logger === false || logger === true ? logger : { ...(logger as object), ...loggerRedaction } }) as Pick<FastifyServerOptions, 'logger'>),
    // Two log lines per request cost more than the request at load; one line, written below,
    // at debug for the ordinary request and at warn for a failed or slow one.
    logController: new LogController({ disableRequestLogging: true }),
    // A proxy's request id follows the request into every log line and back in the answer, if it
    // looks like one (bounded, plain characters); otherwise a new one.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // A request whose body trickles in (a few bytes every few seconds) is ended at requestTimeout,
    // a connection silent for idleSeconds at once; Node checks the first every connectionsCheckingInterval.
    requestTimeout: config.http.requestTimeoutSeconds * 1000,
    connectionTimeout: config.http.idleSeconds * 1000,
    http: {
      headersTimeout: Math.min(60_000, config.http.requestTimeoutSeconds * 1000),
      connectionsCheckingInterval: Math.max(250, Math.min(30_000, (config.http.requestTimeoutSeconds * 1000) / 4)),
    },
    // A hop count is accepted at run time (proxy-addr), though the type lists it not.
    trustProxy: config.trustProxy as boolean | string[],
  });
  // The route schemas are the API's description: OpenAPI from them (docs/openapi.json, /dev/openapi.json).
  // Registered first, so it sees every route; the /api copies of the services are left out.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Account opening API', version: '1', description: 'The applicant API (SPEC §7 bases, also under /api), staff review, the sandbox providers and operations endpoints.' },
    },
    hideUntagged: false,
    transform: ({ schema, url, route }) => ({ schema: { ...schema, hide: url.startsWith('/api/') || route.method === 'HEAD' || url === '/dev/openapi.json' } as typeof schema, url }),
  });
  // Notifications and other background work: pg-boss on the shared PostgreSQL, or on the embedded one through its pool.
  const queue = await startQueue({ databaseUrl: config.databaseUrl, embedded: config.databaseUrl ? undefined : (db as unknown as { $client: pg.Pool }).$client, log: app.log, ...config.jobs });
  app.addHook('onClose', () => queue.stop());
  const context: ServerContext = {
    config,
    db,
    storage: config.s3 ? s3FileStorage(config.s3) : localFileStorage(join(config.dataDir, 'files')),
    sms: config.smsProvider ? httpSms(config.smsProvider, app.log) : sandboxSms(db, app.log),
    botCheck: config.botCheck.kind === 'recaptcha' ? recaptchaBotCheck(config.botCheck) : config.botCheck.kind === 'sandbox' ? sandboxBotCheck : noBotCheck,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : sandboxMailer(db),
    metrics: createMetrics({ queueHealth: () => queue.health(), pool: (db as unknown as { $client: pg.Pool }).$client }),
    queue,
    studio: new StudioCompiler({ timeoutMs: config.studio.compileTimeoutMs, memoryMb: config.studio.compileMemoryMb, maxQueue: config.studio.maxQueue }),
    screener: new Screener(db),
    pdf: new PdfRenderer(),
    calendar: loadBusinessCalendar(),
    riskRules: loadRiskRules(),
    lifecycle: { draining: false },
  };
  app.addHook('onClose', () => context.studio.close());
  app.addHook('onClose', () => context.screener.close());
  app.addHook('onClose', () => context.pdf.close());
  await queue.work(QUEUES.notify, notificationWorker({ ...context, log: app.log }));
  await queue.work(QUEUES.provider, providerWorker({ ...identityJobs(context), ...paymentJobs(context) }));
  await queue.work(QUEUES.studioPublish, async (job: { stepId: string; version: number }) => void (await publishScheduled(db, job)));
  await queue.work(QUEUES.screening, screeningJobs(context));
  // Unfinished uploads are swept every few minutes (one instance at a time); a failed sweep waits for the next.
  const sweeping = setInterval(() => void sweepUnfinishedUploads(db, context.storage).catch((error: unknown) => app.log.warn({ dependency: 'storage', reason: safeError(error).message.slice(0, 120) }, 'file sweep failed')), 5 * 60_000);
  sweeping.unref();
  app.addHook('onClose', () => clearInterval(sweeping));
  app.decorate('kh', context);
  if (onRoute) app.addHook('onRoute', (route) => [route.method].flat().forEach((method) => onRoute({ method, url: route.url })));
  app.decorateRequest('memberId', undefined);
  app.decorateRequest('handoffApplicationId', undefined);
  app.decorateRequest('sessionExpiresAt', undefined);
  app.decorateRequest('staff', undefined);
  app.decorateRequest('refusal', undefined);

  // Security headers. Each page sets its own Content-Security-Policy (pages/web.ts, sandbox/html.ts), whose
  // frame-ancestors decides embedding; HSTS only where the public origin is https.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    hsts: config.publicOrigin.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Not "no-referrer": with it a browser sends "Origin: null" even on a same-origin form post.
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    sessionTimingHeaders(request, reply);
    // The camera only for the identity provider's page; nothing else asks for a device.
    reply.header('permissions-policy', request.url.startsWith('/sandbox/ekyc/') ? 'camera=(self), microphone=(), geolocation=(), payment=()' : 'camera=(), microphone=(), geolocation=(), payment=()');
    // An API answer may carry personal data: never stored by a browser or a proxy, unless the route said otherwise.
    if (!reply.hasHeader('cache-control') && String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.header('cache-control', 'no-store');
    return payload;
  });
  // Text answers (JSON, the app's index.html) go out brotli- or gzip-compressed when the client takes
  // it; the built assets are compressed once at build time and served as they are (pages/web.ts).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, files: 1, fields: 10 } });

  // The card gateway's page sends the applicant back by a form post from its own origin (signed, see ghl-answers.ts).
  if (config.consoleOrigin) app.addHook('onRequest', originSplit(config.consoleOrigin));
  app.addHook('onRequest', sameOriginGuard([config.publicOrigin, ...config.embedOrigins, ...(config.ghl ? [new URL(config.ghl.url).origin] : [])], config.consoleOrigin));
  app.addHook('preValidation', guardInput);
  app.addHook('preHandler', guardInput);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (config.maintenance && request.url.split('?')[0] !== '/healthz') throw new AppError(501, '501', 'errors.http501');
  });

  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    const fastifyError = error as { statusCode?: number; code?: string; validation?: unknown; message: string };
    if (fastifyError.validation) return sendError(request, reply, badRequest('server.invalidRequest', { detail: fastifyError.message }));
    if (isMalformedMultipart(fastifyError)) return sendError(request, reply, badRequest('server.badMultipart'));
    if (fastifyError.code === 'FST_REQ_FILE_TOO_LARGE') return sendError(request, reply, new AppError(413, '400', 'server.fileTooLarge', { max: Math.round(config.uploadLimitBytes / 1048576) }));
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500)
      return sendError(request, reply, badRequest('server.invalidRequest', { detail: fastifyError.message }));
    // A dependency down (the database restarting, the bucket unreachable) is not the server's fault:
    // 503 with Retry-After, the dependency named in one log line, the request free to be tried again.
    const failure = unavailable(error);
    if (failure) {
      logDependencyFailure(request.log, failure, { route: request.routeOptions.url ?? 'unmatched' });
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(request, reply, serviceUnavailable());
    }
    // Written down through the one redaction policy: no query parameters, no quoted values, no body.
    const safe = safeError(error);
    request.log.error({ err: error }, 'unhandled error');
    await db
      .insert(errorReports)
      .values({ requestId: request.id, href: request.url.split('?')[0]!, userAgent: request.headers['user-agent'] ?? null, message: safe.message, stack: safe.stack ?? null })
      .catch(() => undefined);
    return sendError(request, reply, new AppError(500, '500', 'errors.http500'));
  });
  const webApp = await registerWebApp(app, config.webDist, config.embedOrigins);
  const consoleApp = await registerConsoleApp(app, config.consoleDist);
  app.setNotFoundHandler((request, reply) => {
    // The console's pages however the path is spelt: never the applicant's page on the console's origin.
    if (isConsoleRoute(normalisedPath(request.url))) {
      if (consoleApp && (request.method === 'GET' || request.method === 'HEAD')) return consoleApp(request, reply);
      return sendError(request, reply, new AppError(404, '404', 'errors.http404'));
    }
    // The app's own routes (/info/base, /status/entry…) are pages of the single-page app.
    if (webApp && (request.method === 'GET' || request.method === 'HEAD') && isAppRoute(request.url)) return webApp(request, reply);
    return sendError(request, reply, new AppError(404, '404', 'errors.http404'));
  });

  await registerRateLimits(app, db);
  app.addHook('onResponse', async (request, reply) => {
    // By route pattern, never the raw URL: ids in paths would make a series per applicant.
    const route = request.routeOptions.url ?? 'unmatched';
    context.metrics.requestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const line = { method: request.method, route, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) };
    if (reply.statusCode >= 500 || reply.elapsedTime > SLOW_REQUEST_MS) request.log.warn(line, 'request failed or slow');
    else request.log.debug(line, 'request');
  });
  // Metrics name routes and counts, not people; still, only the monitoring system reads them: with
  // its bearer token (KH_METRICS_TOKEN, required in production), or from this machine when none is set.
  app.get('/metrics', async (request, reply) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const allowed = config.metricsToken ? sameSignature(token, config.metricsToken) : ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip);
    if (!allowed) return reply.code(401).header('www-authenticate', 'Bearer').send({ success: false, code: '401', msg: 'Unauthorized', data: null });
    return reply.type(context.metrics.registry.contentType).header('cache-control', 'no-store').send(await context.metrics.registry.metrics());
  });
  app.get('/healthz', async () => ({ ok: true }));
  // What is running (for an operator, a deploy check, a support ticket): never the app's page.
  app.get('/version', async (_request, reply) => reply.header('cache-control', 'no-store').send({ ...BUILD, environment: config.environment }));
  // Readiness (for a load balancer) is separate from liveness: the database and the file storage
  // answer, each within READY_CHECK_MS, and the server is not draining. It never hangs on a dependency.
  app.get('/readyz', async (_request, reply) => {
    const within = (check: Promise<unknown>) => Promise.race([check.then(() => true, () => false), new Promise<boolean>((resolve) => setTimeout(resolve, READY_CHECK_MS, false))]);
    const [database, storage] = await Promise.all([within(db.execute(sql`select 1`)), within(context.storage.put('.ready', new Uint8Array([1])))]);
    const draining = context.lifecycle.draining;
    const ready = database && storage && !draining;
    if (!ready) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.code(ready ? 200 : 503).send({ ready, database, storage, draining });
  });
  for (const [plugin, base] of [...SERVICES, ...extraServices]) {
    await app.register(plugin, { prefix: base });
    await app.register(plugin, { prefix: `/api${base}` });
  }
  if (config.dev) {
    await app.register(devPlugin, { prefix: '/dev' });
    app.get('/dev/openapi.json', async () => app.swagger());
  }
  return app;
}

