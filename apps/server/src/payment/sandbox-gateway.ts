// The sandbox card gateway's page: card holder and number (Luhn-checked), the bank-login notice of
// SPEC §9, and a sandbox control that approves, declines or leaves the payment pending; then back to
// merchantReturnURL.
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@kh/i18n';
import { payments } from '../db/schema.ts';
import { AppError } from '../http/envelope.ts';
import { html, sendPage } from '../sandbox/html.ts';
import { luhnValid } from './luhn.ts';

type Payment = typeof payments.$inferSelect;

function page(reply: FastifyReply, payment: Payment, controls: boolean, values: { cardHolder?: string; cardNo?: string } = {}, errors: Record<string, string> = {}) {
  const summary = Object.entries(errors);
  const described = (name: string) => (errors[name] ? html`aria-invalid="true" aria-describedby="${name}-error"` : '');
  const body = html`
<h1>Pay the account opening fee</h1>
<p class="amount">RM ${(payment.amountSen / 100).toFixed(2)}</p>
<p class="notice">${translate('en', 'common.bankLoginNotice')} Order ${payment.orderNumber}.</p>
${summary.length > 0 ? html`<div class="error-summary" role="alert" tabindex="-1"><h2>There is a problem</h2><ul>${summary.map(([id, message]) => html`<li><a href="#${id}">${message}</a></li>`)}</ul></div>` : ''}
<form method="post" action="/sandbox/ghl/${payment.paymentId}/pay" novalidate>
<fieldset><legend>Card</legend>
<label for="cardHolder">Name on the card${errors.cardHolder ? html`<span class="error" id="cardHolder-error">${errors.cardHolder}</span>` : ''}</label>
<input type="text" id="cardHolder" name="cardHolder" autocomplete="cc-name" value="${values.cardHolder ?? ''}" ${described('cardHolder')}>
<label for="cardNo">Card number${errors.cardNo ? html`<span class="error" id="cardNo-error">${errors.cardNo}</span>` : ''}<span class="hint">Sandbox: 4111 1111 1111 1111 works</span></label>
<input type="tel" id="cardNo" name="cardNo" inputmode="numeric" autocomplete="cc-number" value="${values.cardNo ?? ''}" ${described('cardNo')}>
</fieldset>
${controls ? html`<fieldset class="sandbox-control"><legend>Sandbox control</legend>
<label for="outcome">Gateway answer<span class="hint">Only in the sandbox: forces what the bank answers.</span></label>
<select id="outcome" name="outcome"><option value="approve">Approve</option><option value="decline">Decline</option><option value="pending">Pending, approved when next queried</option></select>
</fieldset>` : ''}
<button type="submit">Pay RM ${(payment.amountSen / 100).toFixed(2)}</button>
</form>`;
  return sendPage(reply, { title: 'Payment', body, status: summary.length > 0 ? 400 : 200 });
}

export const ghlGatewayPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  // A staging site (production with KH_SANDBOX=1) runs this page without its outcome control.
  const controls = app.kh.config.sandboxControls;

  async function open(request: FastifyRequest): Promise<Payment> {
    const { paymentId } = request.params as { paymentId: string };
    const [payment] = await db.select().from(payments).where(eq(payments.paymentId, paymentId));
    if (!payment) throw new AppError(404, '404', 'errors.paymentRecordMissing');
    if (payment.gatewayDone || payment.payStatus !== 2) throw new AppError(410, '40010005', 'server.paymentDone');
    return payment;
  }

  app.get('/ghl/:paymentId', async (request, reply) => page(reply, await open(request), controls));

  app.post('/ghl/:paymentId/pay', async (request, reply) => {
    const payment = await open(request);
    const body = (request.body ?? {}) as Record<string, string>;
    const cardHolder = String(body.cardHolder ?? '').trim();
    const cardNo = String(body.cardNo ?? '').replace(/[\s-]/g, '');
    const errors: Record<string, string> = {};
    if (cardHolder.length < 2) errors.cardHolder = 'Enter the name on the card';
    if (!luhnValid(cardNo)) errors.cardNo = 'Enter a valid card number';
    if (Object.keys(errors).length > 0) return page(reply, payment, controls, { cardHolder, cardNo: body.cardNo }, errors);
    const outcome = !controls ? 0 : body.outcome === 'decline' ? 1 : body.outcome === 'pending' ? 2 : 0;
    await db
      .update(payments)
      .set({ payStatus: outcome, gatewayDone: true, pendingResolvesTo: outcome === 2 ? 0 : null, cardHolder, cardLast4: cardNo.slice(-4), settledAt: outcome === 0 ? new Date() : null })
      .where(and(eq(payments.paymentId, payment.paymentId), eq(payments.gatewayDone, false)));
    if (outcome === 1) app.kh.metrics.providerFailures.inc({ provider: 'ghl', reason: 'declined' });
    const back = new URL(payment.merchantReturnUrl);
    back.searchParams.set('orderNumber', payment.orderNumber);
    back.searchParams.set('paymentId', payment.paymentId);
    return reply.redirect(back.toString(), 303);
  });
};
