// What staff did on this case, in order: claims, views, notes, decisions.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../parts.tsx';

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

export function AuditPanel({ entries }: { entries: AuditEntry[] }): ReactElement {
  const { t, i18n } = useTranslation('console');
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
            <td>{entry.action}</td>
            <td className="console-sub">{auditDetail(entry.detail)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
