// analytics: stores the app's events and error reports (SPEC §7).
import type { FastifyPluginAsync } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { analyticsEvents, applicationSteps, applications, errorReports } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';
import { sessionMember } from '../http/session.ts';
import { ANALYTICS_BATCH_MAX } from '@kh/api';
import { eventProblem, type EventApplication } from './event-rules.ts';

/** The member's own application (the latest, a supplement included) with each answered step's pin (a pre-filled step has none). */
async function eventApplication(db: Database, memberId: string): Promise<EventApplication | undefined> {
  const [application] = await db.select({ id: applications.id }).from(applications).where(eq(applications.memberId, memberId)).orderBy(desc(applications.createdAt)).limit(1);
  if (!application) return undefined;
  const pins = await db.select({ stepId: applicationSteps.stepId, version: applicationSteps.schemaVersion }).from(applicationSteps).where(eq(applicationSteps.applicationId, application.id));
  return { id: application.id, pinned: Object.fromEntries(pins.flatMap((pin) => (pin.version === null ? [] : [[pin.stepId, pin.version]]))) };
}

export const analyticsPlugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app.kh;

  const event = {
    type: 'object',
    required: ['channel', 'eventCode'],
    properties: { channel: { type: 'string', maxLength: 40 }, memberId: { type: 'string', maxLength: 64 }, eventCode: { type: 'string', maxLength: 80 }, eventValue: { type: 'object', maxProperties: 50 } },
  } as const;
  type Event = { channel: string; memberId?: string; eventCode: string; eventValue?: Record<string, unknown> };

  app.post(
    '/uba/report',
    {
      // Anonymous: bounded in size (an event is a few properties) and in rate per client address. The
      // app sends its events as one batch (a beacon when the page hides); one event is SPEC §7's form.
      bodyLimit: 64 * 1024,
      config: { rateLimit: { max: config.limits.analyticsPerMinute, timeWindow: 60_000 } },
      schema: {
        body: {
          anyOf: [event, { type: 'object', required: ['events'], additionalProperties: false, properties: { events: { type: 'array', minItems: 1, maxItems: ANALYTICS_BATCH_MAX, items: event } } }],
        },
      },
    },
    async (request) => {
      const body = request.body as Event | { events: Event[] };
      const events = 'events' in body ? body.events : [body];
      // The member is the session's, whatever the body claims; a form step's events are about their application.
      const memberId = (await sessionMember(request)) ?? null;
      const application = memberId ? await eventApplication(db, memberId) : undefined;
      const problems = await Promise.all(events.map((e) => eventProblem(db, e, application)));
      const stored = events.filter((_, n) => !problems[n]);
      const dropped = problems.filter((problem): problem is string => problem !== undefined);
      if (dropped.length > 0) app.kh.metrics.analyticsDropped.inc(dropped.length);
      if (stored.length > 0) await db.insert(analyticsEvents).values(stored.map((e) => ({ channel: e.channel, memberId, eventCode: e.eventCode, eventValue: e.eventValue ?? {} })));
      return ok({ stored: stored.length, ...(dropped.length > 0 ? { dropped: [...new Set(dropped)] } : {}) });
    },
  );

  app.post(
    '/error/report',
    {
      bodyLimit: 32 * 1024,
      config: { rateLimit: { max: config.limits.errorReportsPerMinute, timeWindow: 60_000 } },
      schema: {
        body: {
          type: 'object',
          required: ['message'],
          properties: { hsNo: { type: 'string', maxLength: 40 }, href: { type: 'string', maxLength: 2000 }, userAgent: { type: 'string', maxLength: 500 }, applyId: { type: 'string', maxLength: 64 }, failedRequestId: { type: 'string', maxLength: 64 }, message: { type: 'string', maxLength: 2000 }, stack: { type: 'string', maxLength: 8000 } },
        },
      },
    },
    async (request) => {
      const body = request.body as { hsNo?: string; href?: string; userAgent?: string; applyId?: string; failedRequestId?: string; message: string; stack?: string };
      await db.insert(errorReports).values({ requestId: request.id, hsNo: body.hsNo ?? null, href: body.href ?? null, userAgent: body.userAgent ?? request.headers['user-agent'] ?? null, applyId: body.applyId ?? null, failedRequestId: body.failedRequestId ?? null, message: body.message, stack: body.stack ?? null });
      // In the log too, beside the failed request's own lines.
      request.log.warn({ failedRequestId: body.failedRequestId, applyId: body.applyId, href: body.href }, `browser error report: ${body.message.slice(0, 200)}`);
      return ok({ stored: true });
    },
  );
};
