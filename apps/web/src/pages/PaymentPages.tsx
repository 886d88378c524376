// Payment (SPEC §4): RM 11 through the gateway, then the transit page (poll 300 ms × 20), then the
// result, or the failure text of SPEC §8 with Retry.
import { MARKET, RETURN_URLS, hasMarket } from '@kh/flow';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplication } from '../app/application.tsx';
import { endpoints } from '../app/services.ts';
import { track } from '../app/analytics.ts';
import { FormStepPage } from './FormStepPage.tsx';
import { FailureScreen, TransitScreen, usePollUntil } from './Transit.tsx';

const ORDER = 'kh.order';
/**
 * Set once this page sends the applicant to the card gateway. The transit page then waits here
 * without asking: the answer is for the page the gateway returns to. Asking from the page being
 * left, a slow gateway would outlast the polling and show "payment failed" before the card form.
 */
let leftForGateway = false;

/** SPEC §7: 3 when a supplement adds MY (the markets being added, not the account's), else 0. */
const businessTypeOf = (app: ReturnType<typeof useApplication>) =>
  app.relatedType === 'SUPPLEMENT' && hasMarket(app.actor.getSnapshot().context.addingMarkets, MARKET.MAS) ? 3 : 0;

/**
 * The payment step's page is its step document, as every form step's is: a version the studio
 * publishes (its texts, its help) is what the applicant sees here. Its one action is paying.
 */
export function PaymentStartPage(): ReactElement {
  const { t } = useTranslation();
  const app = useApplication();
  const formContext = useMemo(() => ({ status: { payment: { labelKey: 'common.bankLoginNotice', done: true } } }), []);
  async function pay() {
    try {
      const { result } = await endpoints.payment.applyPay({ memberId: '', businessType: businessTypeOf(app), relateId: app.applyId!, merchantReturnURL: RETURN_URLS.payment });
      track('payment_submit', { order: result.orderNumber });
      sessionStorage.setItem(ORDER, JSON.stringify({ orderNumber: result.orderNumber, paymentId: result.paymentId }));
      if (result.payStatus === 0) return app.actor.send({ type: 'PAYMENT_RESULT', payStatus: 0 });
      leftForGateway = !!result.redirectUrl;
      app.actor.send({ type: 'NEXT' });
      if (result.redirectUrl) window.location.assign(result.redirectUrl);
    } catch {
      // The api client's toast says why; the applicant stays here and can pay again.
    }
  }
  return <FormStepPage step="payment" formContext={formContext} submitLabel={t('common.payNow')} submitAction={pay} />;
}

export function PaymentTransitPage(): ReactElement {
  const app = useApplication();
  const [leaving, setLeaving] = useState(leftForGateway);
  // Back from the gateway into this very page (the back-forward cache): nobody else will ask now.
  useEffect(() => {
    const back = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      leftForGateway = false;
      setLeaving(false);
    };
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, []);
  const order = JSON.parse(sessionStorage.getItem(ORDER) ?? '{}') as { orderNumber?: string };
  const orderNumber = new URLSearchParams(window.location.search).get('orderNumber') ?? order.orderNumber;
  usePollUntil(
    () => endpoints.payment.queryPay({ memberId: '', businessType: businessTypeOf(app), relateId: app.applyId!, merchantReturnURL: RETURN_URLS.payment, orderNumber: orderNumber ?? undefined }),
    (answer) => answer.result.payStatus !== 2,
    (answer) => {
      // The order is settled one way or the other: kh.order has been used (SPEC §4).
      sessionStorage.removeItem(ORDER);
      app.actor.send({ type: 'PAYMENT_RESULT', payStatus: answer.result.payStatus });
    },
    () => app.actor.send({ type: 'PAYMENT_RESULT', payStatus: 1 }),
    !leaving,
  );
  return <TransitScreen titleKey="step.payment.title" />;
}

export function PaymentFailedPage(): ReactElement {
  const { t } = useTranslation();
  return <FailureScreen titleKey="step.payment.title" message={t('errors.paymentFailed')} />;
}
