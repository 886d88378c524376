// SPEC §9: "Environments: dev, feature, daily, beta, uat, prod." Which one a server is, checked at start
// and said at /version.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const live = {
  NODE_ENV: 'production',
  KH_SIGNING_SECRET: 'x'.repeat(48),
  DATABASE_URL: 'postgres://kh:secret@db.internal:5432/kh',
  KH_PUBLIC_ORIGIN: 'https://open.broker.example',
  KH_SMS_URL: 'https://sms.provider.example/v1/messages',
  KH_SMS_API_KEY: 'sms-key',
  KH_METRICS_TOKEN: 'm'.repeat(24),
  KH_SMTP_URL: 'smtp://mailer:secret@smtp.internal:587',
  KH_MAIL_FROM: 'Broker <no-reply@broker.example>',
  KH_SANDBOX: '1',
};

describe('SPEC §9 environments', () => {
  it('dev outside production, prod in it, another of dev, feature, daily, beta, uat, prod when named; nothing else', () => {
    expect(loadConfig({}).environment).toBe('dev');
    expect(loadConfig({ KH_ENVIRONMENT: 'daily' }).environment).toBe('daily');
    expect(() => loadConfig({ KH_ENVIRONMENT: 'staging' })).toThrow(/^KH_ENVIRONMENT: /);
  });
  it('production mode is prod unless it names another; never dev', () => {
    expect(loadConfig(live).environment).toBe('prod');
    expect(loadConfig({ ...live, KH_ENVIRONMENT: 'uat' }).environment).toBe('uat');
    expect(() => loadConfig({ ...live, KH_ENVIRONMENT: 'dev' })).toThrow(/^KH_ENVIRONMENT: /);
  });
});

