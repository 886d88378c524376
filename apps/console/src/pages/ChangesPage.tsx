// Changes that take two people: what a colleague proposed, for a second person to confirm or
// decline (staff accounts for admins, a member's MY client code for supervisors), and one's own
// proposals, which one may withdraw. Nothing proposed takes effect before it is confirmed.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, get, post } from '../api.ts';
import { DataTable } from '../DataTable.tsx';
import { Alert, formatDate } from '../parts.tsx';
import { useSession } from '../session.tsx';

export interface Change {
  id: string;
  kind: string;
  state: string;
  change: Record<string, unknown>;
  targetName: string | null;
  targetEmail: string | null;
  hsNo: string | null;
  proposedBy: string;
  proposedByName: string | null;
  proposedAt: string;
  decidedAt: string | null;
  expiresAt: string;
  mayConfirm: boolean;
}

/** What a change does, in words. */
export function changeSummary(change: Change, t: (key: string, options?: Record<string, unknown>) => string): string {
  const values = change.change;
  const role = (value: unknown) => t(`role.${String(value)}`);
  switch (change.kind) {
    case 'createStaff':
      return t('changes.createStaff', { name: String(values.name), email: String(values.email), role: role(values.role) });
    case 'role':
      return t('changes.role', { name: change.targetName ?? '', from: role(values.from), to: role(values.to) });
    case 'myClientCode':
      return t(values.active ? 'changes.myClientCodeActive' : 'changes.myClientCodeInactive', { client: change.hsNo ?? '' });
    case 'screeningOverride':
      return t('changes.screeningOverride', { entries: ((values.entries as string[] | undefined) ?? []).join(', '), reason: String(values.reason ?? '') });
    default:
      return t(`changes.${change.kind}`, { name: change.targetName ?? '' });
  }
}

export function ChangesPage(): ReactElement {
  const { t, i18n } = useTranslation('console');
  const { staff: me } = useSession();
  const [changes, setChanges] = useState<Change[]>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const load = useCallback(() => get<Change[]>('changes').then(setChanges).catch((caught: unknown) => setError(failureMessage(caught, t))), [t]);
  useEffect(() => void load(), [load]);
  const answer = (id: string, verb: 'approve' | 'decline', message: string) =>
    post<{ mailed?: boolean }>(`changes/${encodeURIComponent(id)}/${verb}`)
      .then((answered) => {
        // A change its owner completes from a link: said when the link could not be sent.
        if (answered?.mailed === false) setError(t('changes.mailFailed'));
        else setError(undefined);
        setDone(message);
        return load();
      })
      .catch((caught: unknown) => setError(failureMessage(caught, t)));

  return (
    <section aria-labelledby="changes-title">
      <h1 id="changes-title">{t('changes.title')}</h1>
      <p>{t('changes.help')}</p>
      {error && <Alert kind="error">{error}</Alert>}
      {done && !error && <Alert kind="success">{t(done)}</Alert>}
      {changes && changes.length === 0 && <p>{t('changes.none')}</p>}
      {changes && changes.length > 0 && (
        <DataTable<Change>
          label={t('changes.title')}
          rows={changes}
          rowKey={(change) => change.id}
          columns={[
            { id: 'what', header: t('changes.what'), cell: (change) => changeSummary(change, t) },
            {
              id: 'proposedBy',
              header: t('changes.proposedBy'),
              cell: (change) => (
                <>
                  {change.proposedByName}
                  <div className="console-sub">{formatDate(change.proposedAt, i18n.language)}</div>
                </>
              ),
            },
            {
              id: 'state',
              header: t('changes.state'),
              cell: (change) => (
                <>
                  {t(`changes.states.${change.state}`)}
                  {change.state === 'pending' && <div className="console-sub">{t('changes.until', { when: formatDate(change.expiresAt, i18n.language) })}</div>}
                </>
              ),
            },
            {
              id: 'actions',
              header: t('staff.actions'),
              className: 'console-row-actions',
              cell: (change) => (
                <>
                  {change.mayConfirm && (
                    <button type="button" className="console-button console-button--main" onClick={() => void answer(change.id, 'approve', 'changes.confirmed')} aria-label={t('changes.confirmThis', { what: changeSummary(change, t) })}>
                      {t('changes.confirm')}
                    </button>
                  )}
                  {change.state === 'pending' && (change.mayConfirm || change.proposedBy === me?.id) && (
                    <button type="button" className="console-button" onClick={() => void answer(change.id, 'decline', change.proposedBy === me?.id ? 'changes.withdrawn' : 'changes.declined')}>
                      {change.proposedBy === me?.id ? t('changes.withdraw') : t('changes.decline')}
                    </button>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
