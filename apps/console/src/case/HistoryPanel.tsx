// Each submission, the rejection it answered, and what the applicant changed: a diff of values.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../DataTable.tsx';
import { formatDate } from '../parts.tsx';
import { dictionaries, labelKeysByDataKey } from '../schemas.ts';
import type { CaseView, PayloadChange } from './types.ts';

function Changes({ changes, documents, stepVersions }: { changes: PayloadChange[]; documents: CaseView['documents']; stepVersions: CaseView['stepVersions'] }): ReactElement {
  // An upload is named as the applicant named it, not by where it is stored.
  const shown = (value: unknown) =>
    value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : (documents.find((d) => d.relativePath === value)?.name ?? String(value));
  const { t } = useTranslation('console');
  const { t: tAll } = useTranslation();
  if (changes.length === 0) return <p>{t('history.noChanges')}</p>;
  const label = (change: PayloadChange) => {
    if (change.kind === 'identityCheck') return t('history.identityCheck');
    const key = labelKeysByDataKey(change.step, stepVersions?.[change.step]?.document).get(change.path);
    return key ? tAll(key) : change.path;
  };
  return (
    <DataTable<PayloadChange>
      label={t('case.history')}
      compact
      className="case-diff"
      rows={changes}
      rowKey={(change) => `${change.step}.${change.path}`}
      columns={[
        { id: 'step', header: t('history.step'), cell: (change) => tAll(`step.${change.step}.title`) },
        { id: 'field', header: t('history.field'), cell: label },
        { id: 'before', header: t('history.before'), cell: (change) => <del>{shown(change.before)}</del> },
        { id: 'after', header: t('history.after'), cell: (change) => <ins>{shown(change.after)}</ins> },
      ]}
    />
  );
}

export function rejectLabel(item: string, language: string): string {
  return dictionaries.RejectReason.find((entry) => String(entry.value) === item)?.label[language] ?? dictionaries.RejectReason.find((entry) => String(entry.value) === item)?.label.en ?? item;
}

export function HistoryPanel({ view }: { view: CaseView }): ReactElement {
  const { t, i18n } = useTranslation('console');
  return (
    <div className="case-history">
      {view.pendingChanges.length > 0 && view.application.status === 5 && (
        <>
          <h3>{t('history.pending')}</h3>
          <Changes changes={view.pendingChanges} documents={view.documents} stepVersions={view.stepVersions} />
        </>
      )}
      {[...view.history].reverse().map((entry) => (
        <article key={entry.number} className="case-history__entry">
          <h3>{t('history.submission', { number: entry.number, date: formatDate(entry.submittedAt, i18n.language) })}</h3>
          {entry.answersRejection ? (
            <p>
              {t('history.answers', {
                items: entry.answersRejection
                  .split(',')
                  .map((item) => rejectLabel(item, i18n.language))
                  .join('; '),
              })}
            </p>
          ) : (
            <p>{t('history.first')}</p>
          )}
          {entry.number > 1 && <Changes changes={entry.changes} documents={view.documents} stepVersions={view.stepVersions} />}
        </article>
      ))}
    </div>
  );
}
