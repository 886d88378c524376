// Staff accounts, the admin's: who can sign in and with which role; a new account, a role changed,
// an account disabled, an authenticator reset (its owner enrols again at the next sign-in).
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, get, post } from '../api.ts';
import { Alert, TableScroller } from '../parts.tsx';
import { useSession, type Staff } from '../session.tsx';

interface Account {
  id: string;
  email: string;
  name: string;
  role: Staff['role'];
  enrolled: boolean;
  disabled: boolean;
}
const ROLES: Staff['role'][] = ['reviewer', 'supervisor', 'admin'];

export function StaffPage(): ReactElement {
  const { t } = useTranslation('console');
  const { staff: me } = useSession();
  const [accounts, setAccounts] = useState<Account[]>([]);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [draft, setDraft] = useState({ email: '', name: '', role: 'reviewer' as Staff['role'], password: '' });

  const load = useCallback(() => get<Account[]>('accounts').then(setAccounts).catch((caught: unknown) => setError(failureMessage(caught, t))), [t]);
  useEffect(() => void load(), [load]);
  const change = (id: string, body: Record<string, unknown>) =>
    post(`accounts/${encodeURIComponent(id)}`, body)
      .then(() => {
        setError(undefined);
        setDone('staff.saved');
        return load();
      })
      .catch((caught: unknown) => setError(failureMessage(caught, t)));

  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title">{t('staff.title')}</h1>
      {error && <Alert kind="error">{error}</Alert>}
      {done && !error && <Alert kind="success">{t(done)}</Alert>}
      <TableScroller label={t('staff.title')}>
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{t('staff.name')}</th>
              <th scope="col">{t('staff.role')}</th>
              <th scope="col">{t('staff.state')}</th>
              <th scope="col">{t('staff.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id}>
                <td>
                  {account.name}
                  <div className="console-sub">{account.email}</div>
                </td>
                <td>
                  <select aria-label={t('staff.roleOf', { name: account.name })} value={account.role} disabled={account.id === me?.id} onChange={(event) => void change(account.id, { role: event.target.value })}>
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`role.${role}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{account.disabled ? t('staff.disabled') : account.enrolled ? t('staff.active') : t('staff.notEnrolled')}</td>
                <td className="console-row-actions">
                  {account.id !== me?.id && (
                    <button type="button" className="console-button" onClick={() => void change(account.id, { disabled: !account.disabled })}>
                      {account.disabled ? t('staff.enable') : t('staff.disable')}
                    </button>
                  )}
                  <button type="button" className="console-button" disabled={!account.enrolled} onClick={() => void change(account.id, { resetTotp: true })}>
                    {t('staff.resetTotp')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <form
        className="console-filters"
        aria-labelledby="staff-new"
        onSubmit={(event) => {
          event.preventDefault();
          post('accounts', draft)
            .then(() => {
              setDraft({ email: '', name: '', role: 'reviewer', password: '' });
              setError(undefined);
              setDone('staff.created');
              return load();
            })
            .catch((caught: unknown) => setError(failureMessage(caught, t)));
        }}
      >
        <h2 id="staff-new" className="console-form-title">
          {t('staff.new')}
        </h2>
        <label className="console-field">
          <span>{t('staff.name')}</span>
          <input value={draft.name} required maxLength={100} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
        </label>
        <label className="console-field">
          <span>{t('login.email')}</span>
          <input type="email" value={draft.email} required maxLength={200} onChange={(event) => setDraft({ ...draft, email: event.target.value })} />
        </label>
        <label className="console-field">
          <span>{t('staff.role')}</span>
          <select value={draft.role} onChange={(event) => setDraft({ ...draft, role: event.target.value as Staff['role'] })}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`role.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>{t('staff.initialPassword')}</span>
          <input type="password" autoComplete="new-password" value={draft.password} required minLength={12} maxLength={200} onChange={(event) => setDraft({ ...draft, password: event.target.value })} />
        </label>
        <button type="submit" className="console-button console-button--main">
          {t('staff.create')}
        </button>
      </form>
    </section>
  );
}
