// Staff sign-in: e-mail and password, then a code from an authenticator app. A first password (an
// admin chose it) is replaced at once by the staff member's own. On the first sign-in the
// authenticator is enrolled from a QR code shown to this sign-in only, and the first code confirms it.
import { QrCode } from '@kh/ui';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffApiError, failureMessage, post } from '../api.ts';
import { useSession, type Staff } from '../session.tsx';
import { Alert } from '../parts.tsx';

type Stage = { kind: 'password' } | { kind: 'newPassword' } | { kind: 'totp' } | { kind: 'enrol'; secret: string; otpauthUrl: string };
type Next = { next: 'totp' | 'enrol' | 'password'; secret?: string; otpauthUrl?: string };
const stageAfter = (answer: Next): Stage =>
  answer.next === 'enrol' ? { kind: 'enrol', secret: answer.secret!, otpauthUrl: answer.otpauthUrl! } : answer.next === 'password' ? { kind: 'newPassword' } : { kind: 'totp' };

export function LoginPage(): ReactElement {
  const { t } = useTranslation('console');
  const session = useSession();
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

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
      <h1 id="login-title">{stage.kind === 'enrol' ? t('login.enrolTitle') : stage.kind === 'newPassword' ? t('login.newPasswordTitle') : t('login.title')}</h1>
      {session.ended && !error && <Alert kind="info">{t('error.sessionEnded')}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      {stage.kind === 'password' ? (
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
