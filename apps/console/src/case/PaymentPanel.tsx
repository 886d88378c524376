// The account-opening fee: order, amount, status and the gateway's reference.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../DataTable.tsx';
import { formatDate } from '../parts.tsx';
import type { CaseView } from './types.ts';

type Payment = CaseView['payments'][number];

export function PaymentPanel({ payments }: { payments: CaseView['payments'] }): ReactElement {
  const { t, i18n } = useTranslation('console');
  if (payments.length === 0) return <p>{t('payment.none')}</p>;
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'MYR' });
  return (
    <DataTable<Payment>
      label={t('case.payment')}
      compact
      rows={payments}
      rowKey={(p) => p.orderNumber}
      columns={[
        {
          id: 'order',
          header: t('payment.order'),
          cell: (p) => (
            <>
              {p.orderNumber}
              <div className="console-sub">{formatDate(p.settledAt ?? p.createdAt, i18n.language)}</div>
            </>
          ),
        },
        { id: 'amount', header: t('payment.amount'), cell: (p) => money.format(p.amountSen / 100) },
        {
          id: 'status',
          header: t('payment.paymentStatus'),
          cell: (p) => (
            <>
              {t(`payment.status.${p.payStatus}`, { defaultValue: String(p.payStatus) })}
              {p.cardLast4 && (
                <div className="console-sub">
                  {t('payment.card')} •••• {p.cardLast4}
                </div>
              )}
            </>
          ),
        },
        { id: 'reference', header: t('payment.reference'), cell: (p) => p.paymentId },
      ]}
    />
  );
}
