// SMS goes through an adapter. The sandbox adapter writes to an outbox (shown at /dev/outbox in dev
// mode) and logs it; the HTTP adapter posts to the broker's SMS provider (KH_SMS_URL, KH_SMS_API_KEY).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { smsOutbox } from '../db/schema.ts';

export interface SmsMessage {
  countryCode: string;
  mobile: string;
  body: string;
}

export interface SmsSender {
  /** Resolves once the provider has accepted the message; throws SmsDeliveryError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export type SmsFailureReason = 'timeout' | 'unreachable' | 'refused';

export class SmsDeliveryError extends Error {
  constructor(
    readonly reason: SmsFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

export const sandboxSms = (db: Database, log: FastifyBaseLogger): SmsSender => ({
  async send(message) {
    await db.insert(smsOutbox).values(message);
    // The developer reads it at /dev/outbox; the log holds neither the number nor the text.
    log.info({ sms: { to: maskedNumber(message) } }, 'sandbox SMS written to the outbox');
  },
});

/** The number with all but its last 3 digits hidden: enough to find a message in the logs, not to read it. */
export const maskedNumber = (message: Pick<SmsMessage, 'countryCode' | 'mobile'>) => `+${message.countryCode}${'•'.repeat(Math.max(0, message.mobile.length - 3))}${message.mobile.slice(-3)}`;

/**
 * The wire format: POST <url>, `Authorization: Bearer <key>`, JSON `{ "from", "to" (E.164), "text" }`;
 * any 2xx is accepted, its JSON `id` logged. The text (a login code) is never logged.
 */
export const httpSms = (provider: { url: string; apiKey: string; sender: string }, log: FastifyBaseLogger, timeoutMs = 10_000): SmsSender => ({
  async send(message) {
    let response: Response;
    try {
      response = await fetch(provider.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${provider.apiKey}` },
        body: JSON.stringify({ from: provider.sender, to: `+${message.countryCode}${message.mobile}`, text: message.body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      throw new SmsDeliveryError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable', `SMS provider: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => ({}))) as { id?: unknown };
    if (!response.ok) throw new SmsDeliveryError('refused', `SMS provider answered ${response.status}`);
    log.info({ sms: { to: maskedNumber(message), providerId: answer.id } }, 'SMS accepted by the provider');
  },
});
