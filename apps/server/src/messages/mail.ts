// E-mail goes through an adapter: SMTP (nodemailer, KH_SMTP_URL) or, in the sandbox, an outbox
// table shown at /dev/outbox.
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import { mailOutbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const sandboxMailer = (db: Database): Mailer => ({
  async send(message) {
    // The outbox keeps the text; attachments are named at its foot.
    const attached = (message.attachments ?? []).map((a) => `\n[attached: ${a.filename}, ${a.content.length} bytes]`).join('');
    await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, body: message.text + attached });
  },
});

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
      });
    },
  };
}
