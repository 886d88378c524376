// What production mode needs to start, as the tests give it: a staging site (the sandbox providers)
// unless a test takes KH_SANDBOX away. A value given as undefined is removed.
export const baseProductionEnv = {
  NODE_ENV: 'production',
  KH_SIGNING_SECRET: 'x'.repeat(48),
  DATABASE_URL: 'postgres://kh:secret@db.internal:5432/kh',
  KH_PUBLIC_ORIGIN: 'https://open.broker.example',
  KH_CONSOLE_ORIGIN: 'https://console.broker.example',
  KH_SMS_URL: 'https://sms.provider.example/v1/messages',
  KH_SMS_API_KEY: 'sms-key',
  KH_METRICS_TOKEN: 'm'.repeat(24),
  KH_SMTP_URL: 'smtp://mailer:secret@smtp.internal:587',
  KH_MAIL_FROM: 'Broker <no-reply@broker.example>',
  KH_SANDBOX: '1',
};

export const productionEnv = (extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries({ ...baseProductionEnv, ...extra }).filter(([, value]) => value !== undefined));
