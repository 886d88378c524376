// money: the card fee through a GHL-style gateway (SPEC §7). The order number is idempotent: paying
// twice never charges twice. A pending payment resolves when it is queried.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MARKET, hasMarket } from '@kh/flow';
import { members, payments } from '../db/schema.ts';
import { paymentRequestUrl } from './ghl.ts';
import { AppError, CODES, badRequest, ok } from '../http/envelope.ts';
import { requireJsonBody } from '../http/same-origin.ts';
import { memberOf, requireMember } from '../http/session.ts';
import { STATUS, ensureStatus, needsPayment, payloadsOf, type Application } from '../applications/index.ts';
import { applications } from '../db/schema.ts';
import { sameOriginUrl } from '../sandbox/html.ts';

type Payment = typeof payments.$inferSelect;

const requestSchema = {
  type: 'object',
  required: ['relateId', 'merchantReturnURL'],
  properties: {
    memberId: { type: 'string', maxLength: 64 },
    businessType: { type: 'integer', enum: [0, 3] },
    relateId: { type: 'string', maxLength: 64 },
    merchantReturnURL: { type: 'string', maxLength: 500 },
    cardNo: { type: 'string', maxLength: 23 },
    cardHolder: { type: 'string', maxLength: 80 },
    paymentId: { type: 'string', maxLength: 64 },
    orderNumber: { type: 'string', maxLength: 64 },
  },
} as const;

interface PayRequest {
  relateId: string;
  merchantReturnURL: string;
  businessType?: number;
  paymentId?: string;
  orderNumber?: string;
}

/** businessType 3 for a supplementary MY opening, else 0 (SPEC §7). */
export const businessTypeOf = (application: Application) => (application.relatedType === 'SUPPLEMENT' && hasMarket(application.market, MARKET.MAS) ? 3 : 0);

export const answerOf = (payment: Payment, redirectUrl: string | undefined) => ({
  result: {
    payStatus: payment.payStatus as 0 | 1 | -2 | 2 | -1,
    orderNumber: payment.orderNumber,
    paymentId: payment.paymentId,
    amount: payment.amountSen / 100,
    currency: 'MYR',
    redirectUrl: payment.payStatus === 2 && !payment.gatewayDone ? redirectUrl : undefined,
  },
});

export const paymentPlugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app.kh;
  app.addHook('onRequest', requireJsonBody);
  app.addHook('preHandler', requireMember);

  /** Where the applicant pays: the GHL page with the signed request when configured, else the sandbox page. */
  async function gatewayUrl(payment: Payment, request: FastifyRequest): Promise<string | undefined> {
    if (payment.payStatus !== 2 || payment.gatewayDone) return undefined;
    if (!config.ghl) return `${config.publicOrigin}/sandbox/ghl/${payment.paymentId}`;
    const [member] = await db.select().from(members).where(eq(members.id, payment.memberId));
    const contact = (await payloadsOf(db, payment.applicationId)).contact as { email?: string } | undefined;
    return paymentRequestUrl(config.ghl, {
      paymentId: payment.paymentId,
      orderNumber: payment.orderNumber,
      amountSen: payment.amountSen,
      description: 'Account opening fee',
      returnUrl: `${config.publicOrigin}/money/ghl/return`,
      callbackUrl: `${config.publicOrigin}/money/ghl/callback`,
      custIp: request.ip,
      custName: member?.name ?? '',
      custEmail: contact?.email ?? '',
      custPhone: member ? `${member.countryCode}${member.mobile}` : '',
    });
  }
  const answer = async (payment: Payment, request: FastifyRequest) => ok(answerOf(payment, await gatewayUrl(payment, request)));

  async function application(memberId: string, relateId: string) {
    const [row] = await db.select().from(applications).where(and(eq(applications.id, relateId), eq(applications.memberId, memberId)));
    if (!row) throw new AppError(404, '404', 'server.noApplication');
    return row;
  }

  app.post('/payment/ghl/applyPay', { schema: { body: requestSchema } }, async (request) => {
    const memberId = memberOf(request);
    const body = request.body as PayRequest;
    const target = await application(memberId, body.relateId);
    ensureStatus(target, [STATUS.stash, STATUS.fail]);
    if (!needsPayment(config, target)) throw new AppError(409, CODES.badState, 'server.paymentNotNeeded');
    if (body.businessType !== undefined && body.businessType !== businessTypeOf(target)) throw badRequest('server.businessTypeWrong');
    const returnUrl = sameOriginUrl(body.merchantReturnURL, config.publicOrigin);
    if (!returnUrl) throw badRequest('server.returnUrlRefused');
    // One payable order per application (a unique index, not a read-then-insert): the open, pending
    // or paid order is the answer; only when there is none is one created, and of N at once one wins.
    const payable = () => db.select().from(payments).where(and(eq(payments.applicationId, target.id), inArray(payments.payStatus, [0, 2]))).limit(1);
    const [existing] = await payable();
    if (existing) return answer(existing, request);
    const orderNumber = `KH${Date.now()}${randomBytes(3).toString('hex').toUpperCase()}`;
    const [created] = await db
      .insert(payments)
      .values({ orderNumber, paymentId: `PAY-${randomBytes(8).toString('hex')}`, applicationId: target.id, memberId, businessType: businessTypeOf(target), amountSen: config.feeSen, payStatus: 2, merchantReturnUrl: returnUrl })
      .onConflictDoNothing()
      .returning();
    const [order] = created ? [created] : await payable();
    return answer(order, request);
  });

  app.post('/payment/ghl/queryPay', { schema: { body: requestSchema } }, async (request) => {
    const memberId = memberOf(request);
    const body = request.body as PayRequest;
    const target = await application(memberId, body.relateId);
    const matches = body.orderNumber || body.paymentId ? or(eq(payments.orderNumber, body.orderNumber ?? ''), eq(payments.paymentId, body.paymentId ?? '')) : undefined;
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, target.id), matches))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!payment) return ok({ result: { payStatus: -1 as const, orderNumber: body.orderNumber ?? '', paymentId: body.paymentId ?? '' } });
    if (payment.payStatus === 2 && payment.gatewayDone && payment.pendingResolvesTo !== null) {
      const [resolved] = await db
        .update(payments)
        .set({ payStatus: payment.pendingResolvesTo, pendingResolvesTo: null, settledAt: payment.pendingResolvesTo === 0 ? new Date() : null })
        .where(and(eq(payments.orderNumber, payment.orderNumber), eq(payments.payStatus, 2)))
        .returning();
      return answer(resolved ?? payment, request);
    }
    return answer(payment, request);
  });
};
