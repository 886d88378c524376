// What the messages domain offers the others and the composition root; everything else in the folder is its own.
export { type MailMessage, type Mailer, sandboxMailer, smtpMailer } from './mail.ts';
export { notificationWorker, notifyDecision } from './notifications.ts';
export { devPlugin } from './outbox-routes.ts';
export { httpSms, sandboxSms, SmsDeliveryError, type SmsSender } from './sms.ts';
