// The GHL gateway's answers: the applicant's browser coming back (return URL) and the gateway's own
// server-to-server call (callback URL). Neither carries a session: the HashValue2 signature is the
// authentication. Settling is one conditional update from pending, so repeated or late answers
// change nothing, and a paid order never turns back.
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { payments } from '../db/schema.ts';
import { AppError, badRequest } from '../http/envelope.ts';
import { amountMatches, readAnswer, type GhlSettings } from '../services/ghl.ts';

export const ghlAnswersPlugin: FastifyPluginAsync = async (app) => {
  const { db, config, metrics } = app.kh;

  async function settle(request: FastifyRequest, settings: GhlSettings) {
    const fields = { ...(request.query as Record<string, string>), ...((request.body ?? {}) as Record<string, string>) };
    const answer = readAnswer(settings, fields);
    if ('refused' in answer) {
      metrics.providerFailures.inc({ provider: 'ghl', reason: `answer-${answer.refused}` });
      request.log.warn({ refused: answer.refused, paymentId: fields.PaymentID }, 'a GHL answer was refused');
      throw badRequest('server.paymentAnswerRefused');
    }
    const [payment] = await db.select().from(payments).where(and(eq(payments.paymentId, answer.paymentId), eq(payments.orderNumber, answer.orderNumber)));
    if (!payment) throw new AppError(404, '404', 'errors.paymentRecordMissing');
    if (!amountMatches(fields, payment.amountSen)) {
      metrics.providerFailures.inc({ provider: 'ghl', reason: 'answer-amount' });
      throw badRequest('server.paymentAnswerRefused');
    }
    await db
      .update(payments)
      .set(answer.payStatus === 2 ? { gatewayDone: true } : { payStatus: answer.payStatus, gatewayDone: true, settledAt: answer.payStatus === 0 ? new Date() : null })
      .where(and(eq(payments.paymentId, payment.paymentId), eq(payments.payStatus, 2)));
    if (answer.payStatus === 1) metrics.providerFailures.inc({ provider: 'ghl', reason: 'declined' });
    return payment;
  }

  const settings = () => {
    if (!config.ghl) throw new AppError(404, '404', 'errors.http404');
    return config.ghl;
  };

  // The browser comes back by POST (a form the gateway page submits) or GET.
  app.route({
    method: ['GET', 'POST'],
    url: '/return',
    handler: async (request, reply) => {
      const payment = await settle(request, settings());
      const back = new URL(payment.merchantReturnUrl);
      back.searchParams.set('orderNumber', payment.orderNumber);
      back.searchParams.set('paymentId', payment.paymentId);
      return reply.redirect(back.toString(), 303);
    },
  });

  // The gateway's server: it expects "OK", and repeats the call until it gets it.
  app.post('/callback', async (request, reply) => {
    await settle(request, settings());
    return reply.type('text/plain').send('OK');
  });
};
