// Staff sign-in as the console does it, for tests: the password, then a code from the authenticator
// (enrolling it on the first login). The secrets of accounts enrolled here are kept for the next login.
import { Secret, TOTP } from 'otpauth';

const secrets = new Map<string, string>();

/** The current code of an authenticator holding this secret, as a phone app shows it. */
export const totpCode = (secretBase32: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secretBase32), digits: 6, period: 30 }).generate({ timestamp: at });

/** Remembers an authenticator enrolled elsewhere (a test that drove the enrolment itself). */
export const rememberTotpSecret = (baseUrl: string, email: string, secret: string) => void secrets.set(`${baseUrl} ${email.toLowerCase()}`, secret);

const tokens = new Map<string, Promise<string>>();

/**
 * A full staff session's bearer token, one per account and server: a code works once, so logging the
 * same account in again within 30 s would need the authenticator's next code.
 */
export function staffLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const key = `${baseUrl} ${email.toLowerCase()}`;
  const token = tokens.get(key) ?? signIn(baseUrl, email, password);
  tokens.set(key, token);
  token.catch(() => tokens.delete(key));
  return token;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const post = async (path: string, body: object, token?: string) => {
    const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const json = (await res.json()) as { data?: Record<string, string>; msg?: string };
    if (res.status !== 200) throw new Error(`${path} refused (${res.status}): ${json.msg}`);
    return json.data!;
  };
  const key = `${baseUrl} ${email.toLowerCase()}`;
  const first = await post('/staff/login', { email, password });
  if (first.next === 'enrol') secrets.set(key, first.secret);
  const secret = secrets.get(key);
  if (!secret) throw new Error(`no authenticator known for ${email}`);
  // A second login within the same 30 s would reuse a code, which is refused: the next step's code is
  // within the accepted window.
  const attempt = (offset: number) => post('/staff/login/totp', { code: totpCode(secret, Date.now() + offset) }, first.token);
  const full = await attempt(0).catch(() => attempt(30_000));
  return full.token;
}
