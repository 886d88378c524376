// What staff did on this case, in order: claims, views, notes, decisions, each said as a sentence.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../DataTable.tsx';
import { formatDate } from '../parts.tsx';
import { rejectLabel } from './HistoryPanel.tsx';
import type { CaseView } from './types.ts';

const MARKET_BITS = [16, 1, 2];

export interface AuditEntry {
  id: number;
  action: string;
  staffName: string | null;
  createdAt: string;
  detail: Record<string, unknown>;
  applicationId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export const auditDetail = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    // Where from is shown apart; the items and markets are in the sentence, in words.
    .filter(([key]) => !['ip', 'userAgent', 'items', 'markets'].includes(key))
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');

/** An entry as a sentence ("Rita approved MY, HK and US"), its values in words; an action with no sentence of its own is named as it is. */
export function useAuditSentence(): (entry: AuditEntry) => string {
  const { t, i18n } = useTranslation('console');
  return (entry) => {
    const { detail } = entry;
    const params: Record<string, string | number> = { name: entry.staffName ?? t('audit.someone') };
    const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
    if (typeof detail.markets === 'number') params.markets = list.format(MARKET_BITS.filter((bit) => ((detail.markets as number) & bit) === bit).map((bit) => t(`market.${bit}`)));
    if (Array.isArray(detail.items)) params.items = list.format(detail.items.map((item) => rejectLabel(String(item), i18n.language)));
    for (const key of ['reason', 'ref', 'version', 'rows', 'entries', 'name', 'route', 'files']) if (typeof detail[key] === 'string' || typeof detail[key] === 'number') params[key === 'name' ? 'list' : key] = detail[key] as string | number;
    return t(`auditSentence.${entry.action}`, { ...params, defaultValue: `${params.name}: ${entry.action}` });
  };
}

interface TimelineRow {
  key: string;
  at: string;
  who: string;
  what: string;
  detail: string;
}

/**
 * The case's one timeline: what staff did (the audit entries, each a sentence) and what the applicant
 * did (each submission, identity check and card payment), in time order.
 */
export function AuditPanel({ entries, view }: { entries: AuditEntry[]; view?: Pick<CaseView, 'history' | 'identityChecks' | 'payments'> }): ReactElement {
  const { t, i18n } = useTranslation('console');
  const sentence = useAuditSentence();
  const applicant = t('timeline.applicant');
  const rows: TimelineRow[] = [
    ...entries.map((entry) => ({ key: `audit-${entry.id}`, at: entry.createdAt, who: entry.staffName ?? '', what: sentence(entry), detail: auditDetail(entry.detail) })),
    ...(view?.history ?? []).map((submission) => ({
      key: `submission-${submission.number}`,
      at: submission.submittedAt,
      who: applicant,
      what: submission.number === 1 ? t('timeline.submitted') : t('timeline.resubmitted', { number: submission.number }),
      detail: submission.answersRejection ? t('timeline.answering', { items: submission.answersRejection.split(',').map((item) => rejectLabel(item, i18n.language)).join(', ') }) : '',
    })),
    ...(view?.identityChecks ?? []).map((check) => ({
      key: `identity-${check.id}`,
      at: check.createdAt,
      who: applicant,
      what: t('timeline.identityCheck', { outcome: t(`identity.state.${check.state}`, { defaultValue: check.state }) }),
      detail: check.faceScore === null ? '' : `${t('identity.faceScore')}: ${check.faceScore}`,
    })),
    ...(view?.payments ?? []).map((payment) => ({
      key: `payment-${payment.orderNumber}`,
      at: payment.settledAt ?? payment.createdAt,
      who: applicant,
      what: t(payment.payStatus === 0 ? 'timeline.paid' : 'timeline.paymentTried', { amount: new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'MYR' }).format(payment.amountSen / 100) }),
      detail: payment.cardLast4 ? `•••• ${payment.cardLast4}` : '',
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  if (rows.length === 0) return <p>{t('audit.none')}</p>;
  return (
    <DataTable<TimelineRow>
      label={t('case.audit')}
      compact
      rows={rows}
      rowKey={(row) => row.key}
      rowClassName={(row) => (row.who === applicant ? 'timeline-applicant' : undefined)}
      columns={[
        { id: 'when', header: t('audit.when'), cell: (row) => formatDate(row.at, i18n.language) },
        { id: 'who', header: t('audit.who'), cell: (row) => row.who },
        { id: 'what', header: t('audit.action'), cell: (row) => row.what },
        { id: 'detail', header: t('audit.detail'), cell: (row) => row.detail, className: 'console-sub' },
      ]}
    />
  );
}
