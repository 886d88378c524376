// The login's bot check (SPEC §7): reCAPTCHA's keys (KH_RECAPTCHA_*), or KH_BOT_CHECK, read at start.
import { ConfigError, refuseInProduction } from '../config/settings.ts';

export type BotCheckSettings = { kind: 'recaptcha'; siteKey: string; secret: string; minScore: number; verifyUrl: string; timeoutMs: number } | { kind: 'sandbox' } | { kind: 'none' };

/** reCAPTCHA when both keys are given; none when asked for; else the sandbox's check (never in a live deployment: see above). */
/** A live deployment has a bot check at login, or says another layer stops bots. */
export function requireBotCheck(env: NodeJS.ProcessEnv): void {
  if (!env.KH_RECAPTCHA_SITE_KEY && env.KH_BOT_CHECK !== 'none')
    refuseInProduction('KH_RECAPTCHA_SITE_KEY', 'required: the bot check at login (with KH_RECAPTCHA_SECRET); or KH_BOT_CHECK=none where another layer stops bots');
}

export function botCheckFrom(env: NodeJS.ProcessEnv, sandbox: boolean): BotCheckSettings {
  const siteKey = env.KH_RECAPTCHA_SITE_KEY;
  const secret = env.KH_RECAPTCHA_SECRET;
  if (siteKey || secret) {
    if (!siteKey || !secret) throw new ConfigError('KH_RECAPTCHA_SITE_KEY, KH_RECAPTCHA_SECRET: reCAPTCHA needs both');
    const minScore = env.KH_RECAPTCHA_MIN_SCORE === undefined ? 0.5 : Number(env.KH_RECAPTCHA_MIN_SCORE);
    if (!(minScore >= 0 && minScore <= 1)) throw new ConfigError(`KH_RECAPTCHA_MIN_SCORE: "${env.KH_RECAPTCHA_MIN_SCORE}" is not a score from 0 to 1`);
    const verifyUrl = env.KH_RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify';
    if (!/^https?:\/\//.test(verifyUrl)) throw new ConfigError(`KH_RECAPTCHA_VERIFY_URL: "${verifyUrl}" is not an http(s) URL`);
    return { kind: 'recaptcha', siteKey, secret, minScore, verifyUrl, timeoutMs: 5_000 };
  }
  if (env.KH_BOT_CHECK === 'none') return { kind: 'none' };
  if (env.KH_BOT_CHECK !== undefined && env.KH_BOT_CHECK !== 'sandbox') throw new ConfigError(`KH_BOT_CHECK: "${env.KH_BOT_CHECK}" is none or sandbox (reCAPTCHA is chosen by its keys)`);
  return sandbox ? { kind: 'sandbox' } : { kind: 'none' };
}
