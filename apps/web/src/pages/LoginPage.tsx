// Login in a browser: mobile number and SMS code, with the server's OTP (the sandbox outbox in dev).
import { PageLayout } from '@kh/ui';
import { useEffect, useState, type ReactElement } from 'react';
import { useLocation } from 'wouter';
import { resolveRoute } from '@kh/flow';
import { bridge } from '../app/platform.ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@kh/api';
import { currentLanguage, endpoints, loginCache } from '../app/services.ts';
import { track } from '../app/analytics.ts';
import { loginTarget } from '../app/login-target.ts';
import { loginBotToken } from '../app/bot-check.ts';

const MALAYSIA_CODE = '60';

export function LoginPage({ asStartPage = false }: { asStartPage?: boolean }): ReactElement {
  const { t, i18n } = useTranslation();
  // SPEC §5: area code plus number. Malaysia is the first and the default; the other codes the broker
  // sends login codes to (and their country names) load when the list is first touched, not with the
  // first page. No code is offered that the server would refuse.
  const [areaCode, setAreaCode] = useState(MALAYSIA_CODE);
  const [areaCodes, setAreaCodes] = useState<{ value: string; label: string }[]>();
  const loadAreaCodes = () => {
    if (areaCodes) return;
    void Promise.all([import('@kh/engine/calling-codes'), endpoints.passport.loginCountries().catch(() => ({ countries: [MALAYSIA_CODE] }))]).then(([{ callingCodes }, { countries }]) =>
      setAreaCodes(
        callingCodes()
          .filter((entry) => countries.includes(String(entry.value)))
          .map((entry) => ({ value: entry.value, label: entry.label[i18n.language as keyof typeof entry.label] ?? entry.label.en })),
      ),
    );
  };
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  // Sent here because a session ended (a 401): say so, rather than a toast on the page being left.
  // Read after the first paint: the page is also drawn by the server, which has no address bar.
  const [expired, setExpired] = useState(false);
  useEffect(() => setExpired(new URLSearchParams(window.location.search).get('reason') === 'expired'), []);
  // The debug login (mobile and password in the URL) exists in development builds only.
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const debugMobile = query.get('mobile');
    const password = query.get('password');
    if (!import.meta.env.DEV || !debugMobile || !password) return;
    void endpoints.passport.login({ mobile: debugMobile, countryCode: '60', password }).then(() => {
      loginCache.forget();
      window.location.assign('/status/entry');
    });
  }, []);
  // A refused request is said here, beside the field, in the server's words (already in the applicant's language).
  const showFailure = (failure: unknown) => setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : t(failure instanceof ApiError ? failure.entry.messageKey : 'errors.network'));
  async function send() {
    // The area code's numbering plan loads when the number is checked, not with the first page.
    const { loadNumberingPlan, mobileMessage } = await import('@kh/engine/phone');
    // Without it the range is not judged here; the server, which has every plan, still judges it.
    await loadNumberingPlan(areaCode).catch(() => undefined);
    const problem = mobileMessage(areaCode, mobile, 7, 12);
    if (problem) return setError(t(problem.key, problem.params ?? {}));
    setError(undefined);
    const recaptchaToken = await loginBotToken();
    await endpoints.passport.sendAuthCode({ mobile, countryCode: areaCode, ...(recaptchaToken ? { recaptchaToken } : {}) });
    track('code_request', { contact_type: 'phone' });
    setSent(true);
  }
  async function login() {
    if (!/^\d{6}$/.test(code)) return setError(t('validation.verificationCode'));
    await endpoints.passport.useAuthCode({ mobile, countryCode: areaCode, code });
    loginCache.forget();
    window.location.assign(loginTarget(window.location));
  }
  return (
    <PageLayout layout="Gradient" title={t('step.start.title')}>
      <div className="status-card">
        <h1 className="status-card__title">{t('step.start.title')}</h1>
        {asStartPage && <p>{t('common.onboardingTime')}</p>}
        {expired && !error && (
          <p className="notice" role="status">
            {t('errors.http401')}
          </p>
        )}
        {error && <p className="field__error" role="alert">{error}</p>}
        <div className="field">
          <label className="field__label" htmlFor="login-area-code">{t('field.contact.areaCode.label')}</label>
          <select
            id="login-area-code"
            className="input"
            value={areaCode}
            onFocus={loadAreaCodes}
            onPointerDown={loadAreaCodes}
            onChange={(e) => setAreaCode(e.target.value)}
          >
            {(areaCodes ?? [{ value: MALAYSIA_CODE, label: t('common.malaysiaAreaCode') }]).map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="login-mobile">{t('field.contact.mobile.label')}</label>
          <input id="login-mobile" className="input" inputMode="tel" autoComplete="tel-national" value={mobile} onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))} />
        </div>
        {!sent ? (
          <button type="button" className="button button--main" onClick={() => void send().catch(showFailure)}>{t('common.sendCode')}</button>
        ) : (
          <>
            <div className="field">
              <label className="field__label" htmlFor="login-code">{t('common.verificationCode')}</label>
              <input id="login-code" className="input" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            </div>
            <button type="button" className="button button--main" onClick={() => void login().catch(showFailure)}>{t('common.logIn')}</button>
          </>
        )}
        {asStartPage && <p className="status-card__service">{t('common.servicePhone')}</p>}
      </div>
    </PageLayout>
  );
}

/** The login in place of a page that needs it; in the app the native side logs the applicant in (SPEC §4). */
export function LoginScreen(): ReactElement {
  const [location, navigate] = useLocation();
  // The entry start page needs no login (its registry entry says so): it is the start page, with the
  // login on it. Any other page goes to the login page with itself as the target and the language
  // (SPEC §4), which returns there after it.
  const asStartPage = !resolveRoute(location).step.requiresLogin;
  useEffect(() => {
    // In the app the native side logs in; the page below stays for an app too old to do it.
    if (bridge()) return void bridge()!.login();
    if (!asStartPage) navigate(`/login?${new URLSearchParams({ target: location + window.location.search, language: currentLanguage() })}`, { replace: true });
  }, []);
  return <LoginPage asStartPage={asStartPage} />;
}
