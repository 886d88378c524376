// supplement: adding a market to an opened account (SPEC §3 supplement records, §4 supplementary mode).
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { MARKET, hasMarket } from '@kh/flow';
import { newId } from '../db/ids.ts';
import { applications, supplements } from '../db/schema.ts';
import { AppError, CODES, languageOf, ok } from '../http/envelope.ts';
import { requireJsonBody } from '../http/same-origin.ts';
import { memberOf, requireMember } from '../http/session.ts';
import { STATUS, initApplication, ownedApplication } from './applications.ts';
import { submitApplication } from './submission.ts';

const MARKET_NAMES = { HK: MARKET.HK, US: MARKET.US, MAS: MARKET.MAS } as const;

export const supplementPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  app.addHook('onRequest', requireJsonBody);
  app.addHook('preHandler', requireMember);

  /** The open SUPPLEMENT application, created on first need (a unique index: of two at once, one is made). */
  async function supplementApplication(memberId: string) {
    const open = () =>
      db
        .select()
        .from(applications)
        .where(and(eq(applications.memberId, memberId), eq(applications.relatedType, 'SUPPLEMENT'), inArray(applications.status, [STATUS.stash, STATUS.fail])));
    const [existing] = await open();
    if (existing) return existing;
    const [created] = await db.insert(applications).values({ id: newId(), memberId, relatedType: 'SUPPLEMENT', status: STATUS.stash, fillStep: 1000001 }).onConflictDoNothing().returning();
    return created ?? (await open())[0];
  }

  app.post(
    '/create',
    { schema: { querystring: { type: 'object', required: ['market'], properties: { market: { type: 'integer', enum: [1, 2, 16] }, language: { type: 'string' } } } } },
    async (request) => {
      const memberId = memberOf(request);
      const market = (request.query as { market: number }).market;
      const init = await initApplication(db, memberId);
      if (!init || init.status !== STATUS.success) throw new AppError(409, CODES.badState, 'server.supplementNeedsAccount');
      if (hasMarket(init.opened, market)) throw new AppError(409, CODES.badState, 'server.marketAlreadyOpen');
      const application = await supplementApplication(memberId);
      // Idempotent per market: a repeated create answers the record that is open.
      await db.insert(supplements).values({ id: newId(), memberId, applicationId: application.id, market, status: STATUS.stash }).onConflictDoNothing();
      const [record] = await db.select().from(supplements).where(and(eq(supplements.memberId, memberId), eq(supplements.market, market), inArray(supplements.status, [1, 2, 3])));
      const markets = (await db.select({ market: supplements.market }).from(supplements).where(eq(supplements.applicationId, application.id))).reduce((sum, r) => sum | r.market, 0);
      await db.update(applications).set({ market: markets, opened: init.opened, updatedAt: new Date() }).where(eq(applications.id, application.id));
      return ok({ id: record.id, status: record.status, applyId: application.id });
    },
  );

  app.post('/check', async (request) => {
    const memberId = memberOf(request);
    const rows = await db.select().from(supplements).where(eq(supplements.memberId, memberId));
    const init = await initApplication(db, memberId);
    const result: Record<string, unknown> = { firstOpenFlag: !init, islamic: init?.islamic ?? false };
    for (const [name, bit] of Object.entries(MARKET_NAMES)) {
      const latest = rows.filter((r) => r.market === bit).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      // applyId names the supplement application, so a reload mid-supplement resumes that one.
      if (latest) result[name] = { id: latest.id, status: latest.status, applyId: latest.applicationId };
    }
    return ok(result);
  });

  app.post(
    '/submit',
    { schema: { body: { type: 'object', required: ['applyId'], properties: { marketType: { type: 'integer', minimum: 0, maximum: 19 }, accountType: { type: 'integer', enum: [0, 1, 2] }, applyId: { type: 'string', maxLength: 64 } } } } },
    async (request) => {
      const body = request.body as { applyId: string };
      const application = await ownedApplication(db, memberOf(request), 'SUPPLEMENT', body.applyId);
      const info = await submitApplication(app.kh, application, languageOf(request));
      await db.update(supplements).set({ status: STATUS.review }).where(and(eq(supplements.applicationId, application.id), eq(supplements.status, STATUS.stash)));
      return ok(info);
    },
  );
};
