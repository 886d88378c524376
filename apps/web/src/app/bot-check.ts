// SPEC §7: "A recaptcha token is fetched with action login." Asked for when a code is requested, not
// with the first page: the server says which check runs (reCAPTCHA v3 by its site key, the sandbox's,
// or none), and reCAPTCHA's script loads only then.
import { endpoints } from './services.ts';

const LOGIN_ACTION = 'login';
/** The sandbox check passes every token but its bot's. */
const SANDBOX_HUMAN_TOKEN = 'sandbox-human';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let loading: Promise<Grecaptcha> | undefined;
function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/** The token the code request carries, or undefined where no check runs. */
export async function loginBotToken(): Promise<string | undefined> {
  const check = await endpoints.passport.botCheck();
  if (check.provider === 'none') return undefined;
  if (check.provider === 'sandbox') return SANDBOX_HUMAN_TOKEN;
  const grecaptcha = await loadRecaptcha(check.siteKey);
  return grecaptcha.execute(check.siteKey, { action: LOGIN_ACTION });
}
