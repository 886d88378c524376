// The audit log for an admin: filter by person, action, case (its id, or the applicant's name or NRIC)
// and time; newest first, page by page; the same search as a CSV file.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { failureMessage, get } from '../api.ts';
import { auditDetail, useAuditSentence, type AuditEntry } from '../case/AuditPanel.tsx';
import { DataTable, type DataColumn } from '../DataTable.tsx';
import { Alert, formatDate, useColleagues } from '../parts.tsx';
import { can, useSession } from '../session.tsx';

const ACTIONS = [
  'login', 'loginFailed', 'loginRefused', 'totpEnrolled', 'totpFailed', 'logout', 'logoutEverywhere', 'passwordChanged', 'sessionEnded',
  'queueViewed', 'queueSearched', 'caseViewed', 'documentView', 'claim', 'assign', 'note', 'approve', 'approveFirst', 'approveSecond', 'reject', 'refused',
  'myClientCodeActive', 'myClientCodeInactive', 'changeProposed', 'changeApproved', 'changeDeclined', 'staffDisabled', 'staffCreatedByOperator',
  'auditSearched', 'auditVerified', 'studioDraft', 'studioSubmit', 'studioDiscard', 'studioPublish', 'studioRollbackAsked', 'studioRollback',
  'accountClosed', 'legalHoldPlaced', 'legalHoldReleased', 'retentionPurged', 'retentionAuditPurged',
];

interface ChainVerdict {
  entries: number;
  head: { chainSeq: number; hash: string } | null;
  broken?: { id: number; chainSeq: number | null; reason: string };
}

export function AuditPage(): ReactElement {
  const { t, i18n } = useTranslation('console');
  const colleagues = useColleagues();
  const [filters, setFilters] = useState({ staffId: '', action: '', case: '', applicationId: '', from: '', to: '' });
  const [applied, setApplied] = useState(filters);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<{ items: AuditEntry[]; hasMore: boolean }>();
  const [error, setError] = useState<string>();
  const sentence = useAuditSentence();
  const iso = (value: string) => (value ? new Date(value).toISOString() : undefined);
  const search = { ...applied, from: iso(applied.from), to: iso(applied.to) };
  const exportHref = `/staff/audit/export.csv?${new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')).toString()}`;
  useEffect(() => {
    get<{ items: AuditEntry[]; hasMore: boolean }>('audit', { ...search, page })
      .then((next) => {
        setAnswer(next);
        setError(undefined);
      })
      .catch((caught: unknown) => setError(failureMessage(caught, t)));
  }, [applied, page, t]);
  const set = (key: keyof typeof filters, value: string) => setFilters((before) => ({ ...before, [key]: value }));
  const [verdict, setVerdict] = useState<ChainVerdict>();
  const { staff } = useSession();
  const verify = () =>
    get<ChainVerdict>('audit/verify')
      .then(setVerdict)
      .catch((caught: unknown) => setError(failureMessage(caught, t)));
  const columns: DataColumn<AuditEntry>[] = [
    { id: 'when', header: t('audit.when'), hideable: false, cell: (entry) => formatDate(entry.createdAt, i18n.language) },
    { id: 'who', header: t('audit.who'), cell: (entry) => entry.staffName },
    { id: 'action', header: t('audit.action'), cell: (entry) => sentence(entry) },
    {
      id: 'case',
      header: t('audit.case'),
      cell: (entry) => (entry.applicationId ? can(staff, 'cases.read') ? <Link href={`/cases/${entry.applicationId}`}>{entry.applicationId}</Link> : entry.applicationId : ''),
    },
    {
      id: 'origin',
      header: t('audit.origin'),
      // Where from and on what: the address, and the browser as it named itself (a sign-in's device).
      cell: (entry) => (
        <>
          {entry.ip ?? ''}
          {entry.userAgent && <div className="console-sub">{entry.userAgent.slice(0, 120)}</div>}
        </>
      ),
    },
    { id: 'detail', header: t('audit.detail'), cell: (entry) => <span className="console-sub">{auditDetail(entry.detail)}</span> },
  ];

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <div className="console-verify">
        <button type="button" className="console-button" onClick={() => void verify()}>
          {t('audit.verify')}
        </button>
        {verdict &&
          (verdict.broken ? (
            <Alert kind="error">{t('audit.broken', { id: verdict.broken.id, position: verdict.broken.chainSeq ?? '-', reason: t(`audit.brokenReason.${verdict.broken.reason}`) })}</Alert>
          ) : (
            <Alert kind="success">{t('audit.intact', { entries: verdict.entries, head: verdict.head ? `${verdict.head.chainSeq}:${verdict.head.hash}` : '-' })}</Alert>
          ))}
      </div>
      <form
        className="console-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(filters);
          setPage(1);
        }}
      >
        <label className="console-field">
          <span>{t('audit.who')}</span>
          <select value={filters.staffId} onChange={(event) => set('staffId', event.target.value)}>
            <option value="">{t('audit.anyone')}</option>
            {colleagues.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>{t('audit.action')}</span>
          <select value={filters.action} onChange={(event) => set('action', event.target.value)}>
            <option value="">{t('audit.anyAction')}</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>{t('audit.caseNamed')}</span>
          <input value={filters.case} maxLength={100} onChange={(event) => set('case', event.target.value)} />
        </label>
        <label className="console-field">
          <span>{t('audit.case')}</span>
          <input value={filters.applicationId} maxLength={64} onChange={(event) => set('applicationId', event.target.value.trim())} />
        </label>
        <label className="console-field">
          <span>{t('audit.from')}</span>
          <input type="datetime-local" value={filters.from} onChange={(event) => set('from', event.target.value)} />
        </label>
        <label className="console-field">
          <span>{t('audit.to')}</span>
          <input type="datetime-local" value={filters.to} onChange={(event) => set('to', event.target.value)} />
        </label>
        <button type="submit" className="console-button console-button--main">
          {t('audit.filter')}
        </button>
        <a className="console-button" href={exportHref} download>
          {t('audit.export')}
        </a>
      </form>
      {error && <Alert kind="error">{error}</Alert>}
      {answer &&
        (answer.items.length === 0 ? (
          <p>{t('audit.none')}</p>
        ) : (
          <DataTable label={t('audit.title')} rows={answer.items} rowKey={(entry) => String(entry.id)} columns={columns} storageKey="kh-console-audit-columns" />
        ))}
      <nav className="console-pages" aria-label={t('audit.title')}>
        <button type="button" className="console-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('queue.previous')}
        </button>
        <button type="button" className="console-button" disabled={!answer?.hasMore} onClick={() => setPage(page + 1)}>
          {t('audit.more')}
        </button>
      </nav>
    </section>
  );
}
