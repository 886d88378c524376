// What staff did on this case, in order: claims, views, notes, decisions, each said as a sentence.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../parts.tsx';

const MARKET_BITS = [16, 1, 2];
import { rejectLabel } from './HistoryPanel.tsx';

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
    .filter(([key]) => key !== 'ip' && key !== 'userAgent')
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

export function AuditPanel({ entries }: { entries: AuditEntry[] }): ReactElement {
  const { t, i18n } = useTranslation('console');
  const sentence = useAuditSentence();
  if (entries.length === 0) return <p>{t('audit.none')}</p>;
  return (
    <table className="console-table console-table--compact">
      <thead>
        <tr>
          <th scope="col">{t('audit.when')}</th>
          <th scope="col">{t('audit.who')}</th>
          <th scope="col">{t('audit.action')}</th>
          <th scope="col">{t('audit.detail')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{formatDate(entry.createdAt, i18n.language)}</td>
            <td>{entry.staffName}</td>
            <td>{sentence(entry)}</td>
            <td className="console-sub">{auditDetail(entry.detail)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
