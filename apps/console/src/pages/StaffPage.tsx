// Staff accounts, the admin's: who can sign in, with which role, when they last did. Disabling an
// account is done at once; everything that gives access (a new account, a role, a reset of the
// password or authenticator, enabling again) is proposed here and made when a second admin confirms
// it on the Changes page. Each action asks first, saying which of the two it is.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { failureMessage, get, post } from '../api.ts';
import { Alert, formatDate } from '../parts.tsx';
import { DataTable, type DataColumn } from '../DataTable.tsx';
import { useSession, type Staff } from '../session.tsx';

interface Account {
  id: string;
  email: string;
  name: string;
  role: Staff['role'];
  enrolled: boolean;
  disabled: boolean;
  lastSignInAt: string | null;
}
const ROLES: Staff['role'][] = ['reviewer', 'supervisor', 'admin', 'editor'];

/** An action waiting for the admin's yes: what it is, to whom, and the body it sends. */
interface Asked {
  account: Account;
  body: Record<string, unknown>;
  question: string;
  /** Whether it takes effect now (disable) or waits for a second admin. */
  immediate: boolean;
}

export function StaffPage(): ReactElement {
  const { t, i18n } = useTranslation('console');
  const { staff: me } = useSession();
  const [accounts, setAccounts] = useState<Account[]>([]);
  const [waiting, setWaiting] = useState(0);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [asked, setAsked] = useState<Asked>();
  const [draft, setDraft] = useState({ email: '', name: '', role: 'reviewer' as Staff['role'] });

  const load = useCallback(async () => {
    try {
      setAccounts(await get<Account[]>('accounts'));
      setWaiting((await get<{ state: string; mayConfirm: boolean }[]>('changes', { state: 'pending' })).length);
    } catch (caught) {
      setError(failureMessage(caught, t));
    }
  }, [t]);
  useEffect(() => void load(), [load]);

  const send = async ({ account, body, immediate }: Asked) => {
    setAsked(undefined);
    try {
      await post(`accounts/${encodeURIComponent(account.id)}`, body);
      setError(undefined);
      setDone(immediate ? 'staff.disabledNow' : 'staff.proposed');
      await load();
    } catch (caught) {
      setError(failureMessage(caught, t));
    }
  };
  const ask = (account: Account, body: Record<string, unknown>, question: string, immediate = false) => setAsked({ account, body, question, immediate });

  const columns: DataColumn<Account>[] = [
    {
      id: 'name',
      header: t('staff.name'),
      cell: (account) => (
        <>
          {account.name}
          <div className="console-sub">{account.email}</div>
        </>
      ),
    },
    {
      id: 'role',
      header: t('staff.role'),
      cell: (account) => (
        <select
          aria-label={t('staff.roleOf', { name: account.name })}
          value={account.role}
          disabled={account.id === me?.id}
          onChange={(event) => {
            const role = event.target.value as Staff['role'];
            ask(account, { role }, t('staff.askRole', { name: account.name, from: t(`role.${account.role}`), to: t(`role.${role}`) }));
          }}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`role.${role}`)}
            </option>
          ))}
        </select>
      ),
    },
    { id: 'state', header: t('staff.state'), cell: (account) => (account.disabled ? t('staff.disabled') : account.enrolled ? t('staff.active') : t('staff.notEnrolled')) },
    { id: 'lastSignIn', header: t('staff.lastSignIn'), cell: (account) => (account.lastSignInAt ? formatDate(account.lastSignInAt, i18n.language) : t('staff.never')) },
    {
      id: 'actions',
      header: t('staff.actions'),
      className: 'console-row-actions',
      cell: (account) => (
        <>
          {account.id !== me?.id &&
            (account.disabled ? (
              <button type="button" className="console-button" onClick={() => ask(account, { disabled: false }, t('staff.askEnable', { name: account.name }))}>
                {t('staff.enable')}
              </button>
            ) : (
              <button type="button" className="console-button" onClick={() => ask(account, { disabled: true }, t('staff.askDisable', { name: account.name }), true)}>
                {t('staff.disable')}
              </button>
            ))}
          <button type="button" className="console-button" disabled={!account.enrolled} onClick={() => ask(account, { resetTotp: true }, t('staff.askResetTotp', { name: account.name }))}>
            {t('staff.resetTotp')}
          </button>
          <button type="button" className="console-button" onClick={() => ask(account, { resetPassword: true }, t('staff.askResetPassword', { name: account.name, email: account.email }))}>
            {t('staff.resetPassword')}
          </button>
        </>
      ),
    },
  ];

  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title">{t('staff.title')}</h1>
      <p>{t('staff.twoPeople')}</p>
      {waiting > 0 && (
        <p>
          <Link href="/changes">{t('staff.waiting', { count: waiting })}</Link>
        </p>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {done && !error && <Alert kind="success">{t(done)}</Alert>}
      {asked && (
        <div className="console-confirm" role="group" aria-label={t('staff.confirmTitle')}>
          <p>{asked.question}</p>
          <button type="button" className={`console-button ${asked.immediate ? 'console-button--danger' : 'console-button--main'}`} onClick={() => void send(asked)}>
            {asked.immediate ? t('staff.disableNow') : t('staff.propose')}
          </button>
          <button type="button" className="console-button" onClick={() => setAsked(undefined)}>
            {t('staff.cancel')}
          </button>
        </div>
      )}
      <DataTable label={t('staff.title')} rows={accounts} rowKey={(account) => account.id} columns={columns} />
      <form
        className="console-filters"
        aria-labelledby="staff-new"
        onSubmit={(event) => {
          event.preventDefault();
          post('accounts', draft)
            .then(() => {
              setDraft({ email: '', name: '', role: 'reviewer' });
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
        <p className="console-sub">{t('staff.noPasswordHelp')}</p>
        <button type="submit" className="console-button console-button--main">
          {t('staff.create')}
        </button>
      </form>
    </section>
  );
}
