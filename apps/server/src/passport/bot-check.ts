// SPEC §7: "A recaptcha token is fetched with action login." The browser asks the bot check for a
// token before a login code is sent; the server verifies it on send-code. Behind one interface:
// reCAPTCHA v3 (site key and secret; a score and the action are checked), the sandbox check (dev and
// staging: a token passes unless it says it is a bot) and none (an operator's explicit choice).
import { DependencyError } from '../http/dependencies.ts';

export const LOGIN_ACTION = 'login';

/** What the browser needs to fetch a token. */
export type BotCheckPublic = { provider: 'recaptcha'; siteKey: string } | { provider: 'sandbox' } | { provider: 'none' };

export interface BotCheck {
  readonly public: BotCheckPublic;
  /** True for a human's token for this action; throws DependencyError when the provider cannot be asked. */
  verify(token: string | undefined, action: string, ip: string): Promise<boolean>;
}

export interface RecaptchaSettings {
  siteKey: string;
  secret: string;
  /** reCAPTCHA v3's score from 0 (a bot) to 1 (a human): below this, refused. */
  minScore: number;
  verifyUrl: string;
  timeoutMs: number;
}

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export function recaptchaBotCheck(settings: RecaptchaSettings): BotCheck {
  return {
    public: { provider: 'recaptcha', siteKey: settings.siteKey },
    async verify(token, action, ip) {
      if (!token) return false;
      let answer: { success?: boolean; score?: number; action?: string };
      try {
        const response = await fetch(settings.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: settings.secret, response: token, remoteip: ip }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        if (!response.ok) throw new DependencyError('bot-check', `HTTP ${response.status}`);
        answer = (await response.json()) as typeof answer;
      } catch (error) {
        if (error instanceof DependencyError) throw error;
        throw new DependencyError('bot-check', (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable');
      }
      return answer.success === true && answer.action === action && typeof answer.score === 'number' && answer.score >= settings.minScore;
    },
  };
}

/**
 * The sandbox's check: the token the sandbox app sends passes; no token, the bot's (how a refusal is
 * tried out) and any other are refused, as reCAPTCHA refuses a request without its token.
 */
export const SANDBOX_HUMAN_TOKEN = 'sandbox-human';
export const SANDBOX_BOT_TOKEN = 'sandbox-bot';
export const sandboxBotCheck: BotCheck = {
  public: { provider: 'sandbox' },
  verify: async (token) => token === SANDBOX_HUMAN_TOKEN,
};

export const noBotCheck: BotCheck = {
  public: { provider: 'none' },
  verify: async () => true,
};
