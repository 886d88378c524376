// Staff sign-in: e-mail and password, then a code from an authenticator app. An account is set up,
// and a reset password or authenticator completed, from the link sent to its owner's own address
// (/console/activate#<token>): the owner chooses the password there (or gives theirs, for an
// authenticator), and the authenticator is enrolled from a QR code shown to this sign-in only, the
// first code confirming it. The first admin's one-time bootstrap password is replaced at once.
import { QrCode } from '@kh/ui';
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { StaffApiError, failureMessage, post } from '../api.ts';
import { useSession, type Staff } from '../session.tsx';
import { Alert } from '../parts.tsx';

type Purpose = 'activate' | 'password' | 'authenticator';
type Stage =
  | { kind: 'password' }
  | { kind: 'newPassword' }
  | { kind: 'totp' }
  | { kind: 'enrol'; secret: string; otpauthUrl: string }
  | { kind: 'link'; token: string; purpose?: Purpose; email?: string };

/** The activation link's token, from the fragment (which no server log holds), taken off the address bar at once. */
function linkToken(): string | undefined {
  if (!/\/activate\/?$/.test(window.location.pathname) || window.location.hash.length < 2) return undefined;
  const token = window.location.hash.slice(1);
  window.history.replaceState(null, '', window.location.pathname);
  return token;
}
type Next = { next: 'totp' | 'enrol' | 'password'; secret?: string; otpauthUrl?: string };
const stageAfter = (answer: Next): Stage =>
  answer.next === 'enrol' ? { kind: 'enrol', secret: answer.secret!, otpauthUrl: answer.otpauthUrl! } : answer.next === 'password' ? { kind: 'newPassword' } : { kind: 'totp' };

export function LoginPage(): ReactElement {
  const { t } = useTranslation('console');
  const session = useSession();
  const [location, setLocation] = useLocation();
  const [stage, setStage] = useState<Stage>(() => {
    const token = linkToken();
    return token ? { kind: 'link', token } : { kind: 'password' };
  });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // What the link is for: the form asks for a new password, or the current one.
  const linkOpened = stage.kind === 'link' ? stage.token : undefined;
  useEffect(() => {
    if (!linkOpened) return;
    post<{ purpose: Purpose; email: string }>('activation', { token: linkOpened }).then(
      (answer) => setStage({ kind: 'link', token: linkOpened, purpose: answer.purpose, email: answer.email }),
      (caught: unknown) => {
        setError(failureMessage(caught, t));
        setStage({ kind: 'password' });
      },
    );
  }, [linkOpened]);

  const run = async (event: FormEvent<HTMLFormElement>, action: (form: FormData) => Promise<void>) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await action(new FormData(event.currentTarget));
    } catch (caught) {
      setError(caught instanceof Error && !(caught instanceof StaffApiError) ? caught.message : failureMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="console-login" aria-labelledby="login-title">
      <h1 id="login-title">
        {stage.kind === 'enrol' ? t('login.enrolTitle') : stage.kind === 'newPassword' ? t('login.newPasswordTitle') : stage.kind === 'link' ? t(`login.link.${stage.purpose ?? 'activate'}Title`) : t('login.title')}
      </h1>
      {session.ended && !error && stage.kind !== 'link' && <Alert kind="info">{t('error.sessionEnded')}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      {stage.kind === 'link' ? (
        !stage.purpose ? (
          <p role="status">{t('login.link.opening')}</p>
        ) : (
          <form
            key="link"
            onSubmit={(event) =>
              void run(event, async (form) => {
                const password = String(form.get('password') ?? '');
                if (stage.purpose !== 'authenticator' && password !== String(form.get('repeat') ?? '')) throw new Error(t('login.passwordsDiffer'));
                setStage(stageAfter(await post<Next>('activation/complete', { token: stage.token, password })));
              })
            }
          >
            <p>{t(`login.link.${stage.purpose}Help`, { email: stage.email })}</p>
            <input type="hidden" name="email" autoComplete="username" value={stage.email} />
            {stage.purpose === 'authenticator' ? (
              <label className="console-field">
                <span>{t('login.password')}</span>
                <input name="password" type="password" autoComplete="current-password" maxLength={200} required autoFocus />
              </label>
            ) : (
              <>
                <label className="console-field">
                  <span>{t('login.newPassword')}</span>
                  <input name="password" type="password" autoComplete="new-password" minLength={12} maxLength={200} required autoFocus />
                </label>
                <label className="console-field">
                  <span>{t('login.repeatPassword')}</span>
                  <input name="repeat" type="password" autoComplete="new-password" minLength={12} maxLength={200} required />
                </label>
              </>
            )}
            <button type="submit" className="console-button console-button--main" disabled={busy}>
              {t('login.link.continue')}
            </button>
          </form>
        )
      ) : stage.kind === 'password' ? (
        // Keyed: the code form must not inherit the password field's DOM node (and the password in it).
        <form
          key="password"
          onSubmit={(event) =>
            void run(event, async (form) => {
              setStage(stageAfter(await post<Next>('login', { email: form.get('email'), password: form.get('password') })));
            })
          }
        >
          <label className="console-field">
            <span>{t('login.email')}</span>
            <input name="email" type="email" autoComplete="username" required />
          </label>
          <label className="console-field">
            <span>{t('login.password')}</span>
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <button type="submit" className="console-button console-button--main" disabled={busy}>
            {t('login.signIn')}
          </button>
        </form>
      ) : stage.kind === 'newPassword' ? (
        <form
          key="new-password"
          onSubmit={(event) =>
            void run(event, async (form) => {
              const password = String(form.get('password') ?? '');
              if (password !== String(form.get('repeat') ?? '')) throw new Error(t('login.passwordsDiffer'));
              setStage(stageAfter(await post<Next>('login/password', { password })));
            })
          }
        >
          <p>{t('login.newPasswordHelp')}</p>
          <label className="console-field">
            <span>{t('login.newPassword')}</span>
            <input name="password" type="password" autoComplete="new-password" minLength={12} maxLength={200} required autoFocus />
          </label>
          <label className="console-field">
            <span>{t('login.repeatPassword')}</span>
            <input name="repeat" type="password" autoComplete="new-password" minLength={12} maxLength={200} required />
          </label>
          <button type="submit" className="console-button console-button--main" disabled={busy}>
            {t('login.savePassword')}
          </button>
        </form>
      ) : (
        <form
          key="code"
          onSubmit={(event) =>
            void run(event, async (form) => {
              const answer = await post<{ staff: Staff }>('login/totp', { code: String(form.get('code') ?? '') });
              session.signedIn(answer.staff);
              // Set up from the link: on to the person's start page.
              if (/\/activate\/?$/.test(location)) setLocation('/');
            })
          }
        >
          {stage.kind === 'enrol' && (
            <div className="console-enrol">
              <p>{t('login.enrolHelp')}</p>
              <QrCode value={stage.otpauthUrl} label={t('login.qr')} size={200} />
              <p className="console-enrol__secret">{t('login.secret', { secret: stage.secret })}</p>
            </div>
          )}
          <label className="console-field">
            <span>{t('login.code')}</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required autoFocus />
          </label>
          <button type="submit" className="console-button console-button--main" disabled={busy}>
            {t('login.verify')}
          </button>
          <button type="button" className="console-button console-button--link" onClick={() => setStage({ kind: 'password' })}>
            {t('login.restart')}
          </button>
        </form>
      )}
    </section>
  );
}
