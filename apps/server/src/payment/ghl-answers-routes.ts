// The GHL gateway's answers: the applicant's browser coming back (return URL) and the gateway's own
// server-to-server call (callback URL). Neither carries a session: the HashValue2 signature is the
// authentication. Settling is one conditional update from pending, so repeated or late answers
// change nothing, and a paid order never turns back. The browser's return settles at once (the
// applicant waits for it); the callback is acknowledged once its checked answer is a job.
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { payments } from '../db/schema.ts';
import { AppError, badRequest } from '../http/envelope.ts';
import { amountMatches, readAnswer, type GhlSettings } from './ghl.ts';
import { settlePayment } from './payment-settlement.ts';
import { enqueueGhlAnswer } from './payment-jobs.ts';

export const ghlAnswersPlugin: FastifyPluginAsync = async (app) => {
  const { db, config, metrics } = app.kh;

  /** The answer, if it is the gateway's and matches an order of ours; refused (400) otherwise. */
  async function checkedAnswer(request: FastifyRequest, settings: GhlSettings) {
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
    return { payment, answer: { paymentId: payment.paymentId, payStatus: answer.payStatus } };
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
      const { payment, answer } = await checkedAnswer(request, settings());
      await settlePayment(db, metrics, answer);
      const back = new URL(payment.merchantReturnUrl);
      back.searchParams.set('orderNumber', payment.orderNumber);
      back.searchParams.set('paymentId', payment.paymentId);
      return reply.redirect(back.toString(), 303);
    },
  });

  // The gateway's server: it expects "OK", and repeats the call until it gets it.
  app.post('/callback', async (request, reply) => {
    const { answer } = await checkedAnswer(request, settings());
    await enqueueGhlAnswer(app.kh.queue, answer);
    return reply.type('text/plain').send('OK');
  });
};
