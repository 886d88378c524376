// One's own account: the password (the current one, then a new one; every other session ends), the
// sessions signed in now (where, when, last seen), each of which but this one may be ended, and
// logging out everywhere.
import { useCallback, useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, get, post } from '../api.ts';
import { DataTable } from '../DataTable.tsx';
import { Alert, formatDate } from '../parts.tsx';
import { useSession } from '../session.tsx';

interface SessionRow {
  ref: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** A device as a person names it ("Chrome on Windows"), from its user agent; the whole string on hover. */
export function deviceName(userAgent: string | null): string | undefined {
  if (!userAgent) return undefined;
  const browser = [/Edg\//, /OPR\//, /Firefox\//, /Chrome\//, /Safari\//].map((pattern, i) => (pattern.test(userAgent) ? ['Edge', 'Opera', 'Firefox', 'Chrome', 'Safari'][i] : undefined)).find(Boolean);
  const system = [/Android/, /iPhone|iPad/, /Windows/, /Mac OS X/, /Linux/].map((pattern, i) => (pattern.test(userAgent) ? ['Android', 'iOS', 'Windows', 'macOS', 'Linux'][i] : undefined)).find(Boolean);
  return browser && system ? `${browser}, ${system}` : (browser ?? system ?? userAgent.slice(0, 40));
}

export function AccountPage(): ReactElement {
  const { t, i18n } = useTranslation('console');
  const session = useSession();
  const [sessions, setSessions] = useState<SessionRow[]>([]);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => get<SessionRow[]>('sessions').then(setSessions).catch((caught: unknown) => setError(failureMessage(caught, t))), [t]);
  useEffect(() => void load(), [load]);

  const changePassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    setError(undefined);
    setDone(undefined);
    if (form.get('password') !== form.get('repeat')) return setError(t('login.passwordsDiffer'));
    setBusy(true);
    try {
      await post('password', { current: form.get('current'), password: form.get('password') });
      target.reset();
      setDone('account.passwordChanged');
      await load();
    } catch (caught) {
      setError(failureMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };
  const end = (ref: string) =>
    post(`sessions/${encodeURIComponent(ref)}/end`)
      .then(() => {
        setDone('account.sessionEnded');
        return load();
      })
      .catch((caught: unknown) => setError(failureMessage(caught, t)));

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">{t('account.title')}</h1>
      <p>{t('account.who', { name: session.staff?.name ?? '', email: session.staff?.email ?? '', role: t(`role.${session.staff?.role ?? 'reviewer'}`) })}</p>
      {error && <Alert kind="error">{error}</Alert>}
      {done && !error && <Alert kind="success">{t(done)}</Alert>}
      <form className="console-filters" aria-labelledby="account-password" onSubmit={(event) => void changePassword(event)}>
        <h2 id="account-password" className="console-form-title">
          {t('account.password')}
        </h2>
        <label className="console-field">
          <span>{t('account.currentPassword')}</span>
          <input name="current" type="password" autoComplete="current-password" required maxLength={200} />
        </label>
        <label className="console-field">
          <span>{t('login.newPassword')}</span>
          <input name="password" type="password" autoComplete="new-password" required minLength={12} maxLength={200} />
        </label>
        <label className="console-field">
          <span>{t('login.repeatPassword')}</span>
          <input name="repeat" type="password" autoComplete="new-password" required minLength={12} maxLength={200} />
        </label>
        <button type="submit" className="console-button console-button--main" disabled={busy}>
          {t('login.savePassword')}
        </button>
      </form>
      <h2 id="account-sessions">{t('account.sessions')}</h2>
      <DataTable<SessionRow>
        label={t('account.sessions')}
        rows={sessions}
        rowKey={(row) => row.ref}
        columns={[
          {
            id: 'device',
            header: t('account.device'),
            cell: (row) => (
              <span title={row.userAgent ?? undefined}>
                {deviceName(row.userAgent) ?? t('account.unknownDevice')}
                {row.current && <div className="console-sub">{t('account.thisSession')}</div>}
              </span>
            ),
          },
          { id: 'address', header: t('account.address'), cell: (row) => row.ip ?? '' },
          { id: 'signedIn', header: t('account.signedIn'), cell: (row) => formatDate(row.createdAt, i18n.language) },
          { id: 'lastSeen', header: t('account.lastSeen'), cell: (row) => formatDate(row.lastSeenAt, i18n.language) },
          {
            id: 'actions',
            header: t('staff.actions'),
            cell: (row) =>
              !row.current && (
                <button type="button" className="console-button" onClick={() => void end(row.ref)}>
                  {t('account.end')}
                </button>
              ),
          },
        ]}
      />
      <button type="button" className="console-button console-button--danger" onClick={() => void session.logout(true)}>
        {t('account.logoutEverywhere')}
      </button>
    </section>
  );
}
