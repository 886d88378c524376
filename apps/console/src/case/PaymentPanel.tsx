// The account-opening fee: order, amount, status and the gateway's reference.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../parts.tsx';
import type { CaseView } from './types.ts';

export function PaymentPanel({ payments }: { payments: CaseView['payments'] }): ReactElement {
  const { t, i18n } = useTranslation('console');
  if (payments.length === 0) return <p>{t('payment.none')}</p>;
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'MYR' });
  return (
    <table className="console-table console-table--compact">
      <thead>
        <tr>
          <th scope="col">{t('payment.order')}</th>
          <th scope="col">{t('payment.amount')}</th>
          <th scope="col">{t('payment.paymentStatus')}</th>
          <th scope="col">{t('payment.reference')}</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <tr key={p.orderNumber}>
            <td>
              {p.orderNumber}
              <div className="console-sub">{formatDate(p.settledAt ?? p.createdAt, i18n.language)}</div>
            </td>
            <td>{money.format(p.amountSen / 100)}</td>
            <td>
              {t(`payment.status.${p.payStatus}`, { defaultValue: String(p.payStatus) })}
              {p.cardLast4 && <div className="console-sub">{t('payment.card')} •••• {p.cardLast4}</div>}
            </td>
            <td>{p.paymentId}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
