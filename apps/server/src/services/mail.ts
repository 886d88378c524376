// E-mail goes through an adapter: SMTP (nodemailer, KH_SMTP_URL) or, in the sandbox, an outbox
// table shown at /dev/outbox.
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import { mailOutbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const sandboxMailer = (db: Database): Mailer => ({
  async send(message) {
    await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, body: message.text });
  },
});

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
