// SMS goes through an adapter. The sandbox adapter writes to an outbox (shown at /dev/outbox in dev
// mode) and logs it; a real gateway is plugged in by implementing SmsSender.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { smsOutbox } from '../db/schema.ts';

export interface SmsSender {
  send(message: { countryCode: string; mobile: string; body: string }): Promise<void>;
}

export const sandboxSms = (db: Database, log: FastifyBaseLogger): SmsSender => ({
  async send(message) {
    await db.insert(smsOutbox).values(message);
    // A sandbox never reaches a phone, so the text is logged for the developer who runs it.
    log.info({ sms: { to: `+${message.countryCode}${message.mobile}`, body: message.body } }, 'sandbox SMS written to the outbox');
  },
});
