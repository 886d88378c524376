// account: the opened accounts of a member (SPEC §7).
import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { MARKET, hasMarket } from '@kh/flow';
import { members } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';
import { memberOf, requireMember } from '../http/session.ts';
import { initApplication } from './applications.ts';

export const accountPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  app.addHook('preHandler', requireMember);

  app.get('/customer-info/query-information', async (request) => {
    const memberId = memberOf(request);
    const [member] = await db.select().from(members).where(eq(members.id, memberId));
    const application = await initApplication(db, memberId);
    return ok({ clientCode: member.hsNo ?? null, name: member.name ?? null, markets: application?.opened ?? 0 });
  });

  app.get('/fund-account/query-information', async (request) => {
    const memberId = memberOf(request);
    const [member] = await db.select().from(members).where(eq(members.id, memberId));
    const application = await initApplication(db, memberId);
    const opened = application?.opened ?? 0;
    const accounts = (['MAS', 'HK', 'US'] as const)
      .filter((name) => hasMarket(opened, MARKET[name]))
      .map((name) => ({ market: name === 'MAS' ? 'MY' : name, accountNo: `${member.hsNo ?? ''}-${name === 'MAS' ? 'MY' : name}`, active: name === 'MAS' ? application!.masClientCodeActive : true }));
    return ok({ accounts });
  });
};
