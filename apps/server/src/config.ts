// The server's configuration from the environment, composed: the platform's settings here, each
// provider's parsed in its own domain. Every value has a safe default for a local sandbox.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { ConfigError, flag, isLoopback, isProduction, numberSetting } from './config/settings.ts';
import type { S3Settings } from './storage/s3-storage.ts';
import { s3From } from './storage/s3-settings.ts';
// Each provider's settings file alone (not its domain's index): a command that only reads the
// configuration (retention, staff-create) loads no routes.
import { ghlFrom, requireGhl, type GhlSettings } from './payment/ghl-settings.ts';
import { requireZoloz, zolozFrom, type ZolozSettings } from './identity/zoloz-settings.ts';
import { botCheckFrom, requireBotCheck, type BotCheckSettings } from './passport/bot-check-settings.ts';

export { ConfigError, isProduction, numberSetting };

export interface ServerConfig {
  host: string;
  port: number;
  /** Embedded PostgreSQL (PGlite) data and uploaded files live here. */
  dataDir: string;
  /** A real PostgreSQL server instead of the embedded one. */
  databaseUrl?: string;
  /** NODE_ENV=production or KH_ENV=production: every secret and URL required, no dev mode, no sandbox controls. */
  production: boolean;
  /** Dev mode: the sandbox outbox page and the debug mobile+password login. Never in production. */
  dev: boolean;
  /** The sandbox identity provider and card gateway pages (KH_SANDBOX); on outside production. */
  sandbox: boolean;
  /** The sandbox pages' outcome controls (force a failure, a decline): never in production. */
  sandboxControls: boolean;
  /** 501 for every API call while the broker's systems are in maintenance. */
  maintenance: boolean;
  /**
   * The server's key for the send-auth-code signature (SPEC §7). It never leaves the server: each
   * nonce it hands out comes with a key derived from this one (see passport/passport-routes.ts).
   */
  signingSecret: string;
  devPassword: string;
  appConfig: { ctosValid: boolean; ghlValid: boolean; myCtosSpecialState: string[]; rppEnabled: boolean };
  urls: Record<string, string>;
  /** Which of SPEC §9's environments this is (KH_ENVIRONMENT): dev, feature, daily, beta, uat, prod. */
  environment: Environment;
  /** SPEC §3's service phone and e-mail, shown to applicants (KH_SERVICE_PHONE, KH_SERVICE_EMAIL). */
  service: { phone: string; email: string };
  /** Public origin the sandbox providers redirect back to. */
  publicOrigin: string;
  /**
   * The review console's own origin (KH_CONSOLE_ORIGIN, e.g. https://console.broker.example): the
   * console and the staff API answer there only, and nothing else does. Unset, they share the app's origin.
   */
  consoleOrigin?: string;
  /** Origins of the broker's pages that may embed the app in a frame (KH_EMBED_ORIGINS); none by default. */
  embedOrigins: string[];
  uploadLimitBytes: number;
  /** KH_UPLOADS_PER_APPLICANT, KH_UPLOAD_BYTES_PER_APPLICANT: what one applicant may store in all (their case and its evidence pack hold it all). */
  uploads: { perApplicant: number; bytesPerApplicant: number };
  /**
   * SPEC §7's bot check at login: reCAPTCHA v3 (KH_RECAPTCHA_SITE_KEY, KH_RECAPTCHA_SECRET,
   * KH_RECAPTCHA_MIN_SCORE), none (KH_BOT_CHECK=none), else the sandbox's outside a live deployment.
   */
  botCheck: BotCheckSettings;
  /** The HTTP SMS provider (KH_SMS_URL, KH_SMS_API_KEY, KH_SMS_SENDER); the sandbox outbox without it. */
  smsProvider?: { url: string; apiKey: string; sender: string };
  /** The GHL card gateway (KH_GHL_URL, KH_GHL_SERVICE_ID, KH_GHL_PASSWORD); the sandbox gateway page without it. */
  ghl?: GhlSettings;
  /** The ZOLOZ Real ID identity provider (KH_ZOLOZ_URL, KH_ZOLOZ_CLIENT_ID, KH_ZOLOZ_PRIVATE_KEY, KH_ZOLOZ_PUBLIC_KEY); the sandbox identity page without it. */
  zoloz?: ZolozSettings;
  /** S3 (or S3-compatible) storage for uploads, identity images and signatures (KH_S3_*); DATA_DIR/files without it. */
  s3?: S3Settings;
  /** SMTP server for e-mail (KH_SMTP_URL, smtp[s]://user:password@host:port) and the sender (KH_MAIL_FROM); the sandbox outbox without it. */
  smtpUrl?: string;
  mailFrom: string;
  /** The job queue's retries: the first after retryDelaySeconds, doubling; then the dead-letter queue. */
  jobs: { retryLimit: number; retryDelaySeconds: number; pollingIntervalSeconds: number };
  /** Bearer token /metrics asks for (KH_METRICS_TOKEN); without one, /metrics answers loopback callers only. */
  metricsToken?: string;
  /**
   * The login codes. `countries`: the calling codes codes go to (KH_SMS_COUNTRIES, Malaysia's alone by
   * default), never a satellite or international network's. Per address and per device the limit is
   * of codes not used (a carrier's NAT or an office Wi-Fi shares an address among applicants who each
   * use theirs; a pumping run uses none); `requestsPerIpPerHour` bounds the asking itself. Per
   * destination country and in all, hourly budgets stop a run spread over many addresses.
   */
  sms: {
    codeTtlSeconds: number;
    maxAttempts: number;
    countries: string[];
    perPhonePerHour: number;
    perIpPerHour: number;
    perDevicePerHour: number;
    requestsPerIpPerHour: number;
    perCountryPerHour: number;
    globalPerHour: number;
    resendAfterSeconds: number;
    maxClockSkewSeconds: number;
  };
  /** An applicant's session ends this many hours after it began, in use or not (KH_SESSION_MAX_HOURS). */
  sessionMaxHours: number;
  /** An applicant's session also ends after this many minutes without a request (KH_SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
  /** Staff sessions end after idleMinutes without a request, and after maxHours in any case. */
  staffSession: { idleMinutes: number; maxHours: number };
  ekyc: { maxPerDay: number; minIntervalSeconds: number; handoffTtlSeconds: number };
  /** The account-opening fee (RM 11) in sen. */
  feeSen: number;
  /** The built applicant app to serve on the same origin (apps/web/dist); none in API-only tests. */
  webDist?: string;
  /** The built review console (apps/console/dist), served under /console. */
  consoleDist?: string;
  /** Dealer's representatives by DR code. */
  dealers: Record<string, string>;
  /**
   * The proxies in front of the server whose X-Forwarded-For / -Proto are believed (KH_TRUST_PROXY:
   * "true" for any, a hop count, or addresses/CIDRs); none by default, so a client cannot claim an IP.
   */
  trustProxy: boolean | number | string[];
  /**
   * The studio's limits: each compile of an editor's document runs in a worker thread for at most
   * compileTimeoutMs with compileMemoryMb of heap; an editor makes at most requestsPerMinute studio
   * requests that compile, holds at most draftsPerEditor drafts, each at most documentBytes.
   */
  studio: { compileTimeoutMs: number; compileMemoryMb: number; maxQueue: number; requestsPerMinute: number; draftsPerEditor: number; documentBytes: number };
  /**
   * Uploads: a request whose body has not arrived within requestTimeoutSeconds is ended, as is a
   * connection silent for idleSeconds; an applicant sends at most uploadsAtOnce files at a time.
   */
  http: { requestTimeoutSeconds: number; idleSeconds: number; uploadsAtOnce: number };
  /**
   * Operations: on SIGTERM, /readyz answers 503 and the server keeps serving for drainSeconds before
   * it closes (KH_DRAIN_SECONDS); migrations run at start unless production (KH_MIGRATE_ON_START),
   * which runs `node dist/migrate.js` once per release; a database not reachable at start is tried
   * again for startRetrySeconds (KH_DB_START_RETRY_SECONDS); the database timeouts (KH_DB_*_MS).
   */
  operations: { drainSeconds: number; migrateOnStart: boolean; startRetrySeconds: number; database: { connectMs: number; statementMs: number; idleInTransactionMs: number } };
  /** How long records are kept (applications/retention.ts): KH_RETENTION_YEARS, KH_DRAFT_RETENTION_DAYS. */
  retention: RetentionSettings;
  /** KH_BOOTSTRAP_ADMIN_EMAIL and KH_BOOTSTRAP_ADMIN_PASSWORD: the first admin, made by a start that finds none. */
  bootstrapAdmin?: { email: string; password: string };
  /** KH_STAFF_EMAIL_DOMAINS: the broker's own mail domains; staff accounts have addresses there alone (none: any). */
  staffEmailDomains: string[];
  /** Rate limits per client address (and per staff account), in the database every instance shares. */
  limits: { lookupsPerMinute: number; analyticsPerMinute: number; errorReportsPerMinute: number; staffLoginsPerIp: number; staffLoginsPerAccount: number; staffLoginWindowMinutes: number };
}

export interface RetentionSettings {
  /** Years an account's records are kept after it closes, and a refused or withdrawn application's after its last activity; never under the law's six. */
  years: number;
  /** Days an application never submitted is kept after its last activity. */
  draftDays: number;
}
export const retentionFrom = (env: NodeJS.ProcessEnv): RetentionSettings => ({
  years: numberSetting(env, 'KH_RETENTION_YEARS', 7, { min: 6, max: 100 }),
  draftDays: numberSetting(env, 'KH_DRAFT_RETENTION_DAYS', 365, { min: 30 }),
});


/** "https://broker.example, https://www.broker.example": each must be a bare origin, https unless local. */
export function embedOriginsFrom(value: string | undefined): string[] {
  const origins = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const origin of origins) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    const local = url?.hostname === '127.0.0.1' || url?.hostname === 'localhost';
    if (!url || url.origin !== origin || (url.protocol !== 'https:' && !(local && url.protocol === 'http:')))
      throw new ConfigError(`KH_EMBED_ORIGINS: "${origin}" is not an origin such as https://broker.example (https, no path)`);
  }
  return origins;
}

/** The first admin's e-mail and one-time password, both or neither. */
function bootstrapAdminFrom(env: NodeJS.ProcessEnv): { email: string; password: string } | undefined {
  const email = env.KH_BOOTSTRAP_ADMIN_EMAIL?.trim();
  const password = env.KH_BOOTSTRAP_ADMIN_PASSWORD;
  if (!email && !password) return undefined;
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new ConfigError('KH_BOOTSTRAP_ADMIN_EMAIL: an e-mail address is needed with KH_BOOTSTRAP_ADMIN_PASSWORD');
  if (!password || password.length < 12) throw new ConfigError('KH_BOOTSTRAP_ADMIN_PASSWORD: at least 12 characters, with KH_BOOTSTRAP_ADMIN_EMAIL');
  return { email, password };
}

/** Calling codes of satellite and international networks (ITU-T E.164 shared codes): never a destination, whatever a setting says. */
export const NEVER_SMS_COUNTRIES = ['870', '878', '881', '882', '883', '888', '979', '991', '808', '800'];

/** KH_SMS_COUNTRIES: the calling codes login codes go to, comma-separated; Malaysia's (60) by default. */
export function smsCountriesFrom(value: string | undefined): string[] {
  const codes = (value ?? '60').split(',').map((code) => code.trim().replace(/^\+/, '')).filter(Boolean);
  const bad = codes.find((code) => !/^\d{1,3}$/.test(code));
  if (bad) throw new ConfigError(`KH_SMS_COUNTRIES: "${bad}" is not a calling code such as 60 (Malaysia) or 65 (Singapore)`);
  const never = codes.find((code) => NEVER_SMS_COUNTRIES.includes(code));
  if (never) throw new ConfigError(`KH_SMS_COUNTRIES: ${never} is a satellite or international network's code; login codes never go there`);
  if (codes.length === 0) throw new ConfigError('KH_SMS_COUNTRIES: name at least one calling code, such as 60');
  return [...new Set(codes)];
}

/** KH_CONSOLE_ORIGIN: a bare origin, https unless local, not the applicants' own. */
export function consoleOriginFrom(value: string | undefined, publicOrigin: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const local = url?.hostname === '127.0.0.1' || url?.hostname === 'localhost';
  if (!url || url.origin !== value || (url.protocol !== 'https:' && !(local && url.protocol === 'http:')))
    throw new ConfigError(`KH_CONSOLE_ORIGIN: "${value}" is not an origin such as https://console.broker.example (https, no path)`);
  if (publicOrigin && new URL(publicOrigin).host === url.host) throw new ConfigError('KH_CONSOLE_ORIGIN: must differ from KH_PUBLIC_ORIGIN (its purpose is an origin of its own)');
  return value;
}


export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const port = numberSetting(env, 'PORT', 8080, { min: 0, max: 65_535 });
  const host = env.HOST ?? '127.0.0.1';
  const production = isProduction(env);
  if (production) requireProductionSettings(env);
  const sandbox = flag(env.KH_SANDBOX, !production);
  // A real identity provider, card gateway and bot check, or a deployment that says it is a staging
  // site running the sandbox pages (without their outcome controls): never a start that fails at the first applicant.
  if (production && !flag(env.KH_SANDBOX, false)) {
    requireZoloz(env);
    requireGhl(env);
    requireBotCheck(env);
  }
  const config: ServerConfig = {
    host,
    port,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    dev: !production && flag(env.KH_DEV, true),
    sandbox,
    sandboxControls: sandbox && !production,
    maintenance: flag(env.KH_MAINTENANCE, false),
    // Outside production a key per start is enough: one process, and nothing outside it knows the key.
    signingSecret: env.KH_SIGNING_SECRET || randomBytes(32).toString('hex'),
    botCheck: botCheckFrom(env, sandbox),
    smsProvider: env.KH_SMS_URL ? { url: env.KH_SMS_URL, apiKey: env.KH_SMS_API_KEY ?? '', sender: env.KH_SMS_SENDER ?? 'KH Broker' } : undefined,
    metricsToken: env.KH_METRICS_TOKEN || undefined,
    s3: s3From(env),
    ghl: ghlFrom(env),
    zoloz: zolozFrom(env),
    smtpUrl: env.KH_SMTP_URL || undefined,
    mailFrom: env.KH_MAIL_FROM ?? 'Account Opening <no-reply@broker.example>',
    jobs: { retryLimit: numberSetting(env, 'KH_JOB_RETRY_LIMIT', 5), retryDelaySeconds: numberSetting(env, 'KH_JOB_RETRY_DELAY_SECONDS', 30), pollingIntervalSeconds: 2 },
    devPassword: env.KH_DEV_PASSWORD ?? 'sandbox',
    appConfig: {
      ctosValid: flag(env.KH_CTOS_VALID, true),
      ghlValid: flag(env.KH_GHL_VALID, true),
      myCtosSpecialState: (env.KH_MY_CTOS_SPECIAL_STATE ?? '').split(',').filter(Boolean),
      rppEnabled: flag(env.KH_RPP_ENABLED, false),
    },
    environment: environmentFrom(env, production),
    service: { phone: env.KH_SERVICE_PHONE ?? '1300-22-1233', email: env.KH_SERVICE_EMAIL ?? 'customer.service@broker.example' },
    urls: { liveChat: env.KH_URL_LIVE_CHAT ?? 'https://broker.example/live-chat', bindPhone: env.KH_URL_BIND_PHONE ?? '/login', appDownload: env.KH_URL_APP_DOWNLOAD ?? 'https://broker.example/app' },
    publicOrigin: env.KH_PUBLIC_ORIGIN ?? `http://${host}:${port}`,
    embedOrigins: embedOriginsFrom(env.KH_EMBED_ORIGINS),
    consoleOrigin: consoleOriginFrom(env.KH_CONSOLE_ORIGIN, env.KH_PUBLIC_ORIGIN),
    uploadLimitBytes: numberSetting(env, 'KH_UPLOAD_LIMIT_BYTES', 10 * 1024 * 1024, { min: 1024 }),
    uploads: { perApplicant: numberSetting(env, 'KH_UPLOADS_PER_APPLICANT', 40, { min: 1 }), bytesPerApplicant: numberSetting(env, 'KH_UPLOAD_BYTES_PER_APPLICANT', 100 * 1024 * 1024, { min: 1024 }) },
    sms: {
      codeTtlSeconds: 300,
      maxAttempts: 5,
      countries: smsCountriesFrom(env.KH_SMS_COUNTRIES),
      perPhonePerHour: numberSetting(env, 'KH_SMS_PER_PHONE_PER_HOUR', 5),
      // Codes not used, per client address: behind one proxy a whole site shares an address unless KH_TRUST_PROXY names the proxy.
      perIpPerHour: numberSetting(env, 'KH_SMS_PER_IP_PER_HOUR', 20),
      perDevicePerHour: numberSetting(env, 'KH_SMS_PER_DEVICE_PER_HOUR', 10),
      requestsPerIpPerHour: numberSetting(env, 'KH_SMS_REQUESTS_PER_IP_PER_HOUR', 2000, { min: 1 }),
      perCountryPerHour: numberSetting(env, 'KH_SMS_PER_COUNTRY_PER_HOUR', 5000, { min: 1 }),
      globalPerHour: numberSetting(env, 'KH_SMS_PER_HOUR', 10000, { min: 1 }),
      resendAfterSeconds: 60,
      maxClockSkewSeconds: 300,
    },
    // ASVS L2 3.3.2: 30 idle minutes and 12 hours at most; the app warns two minutes before either.
    sessionMaxHours: numberSetting(env, 'KH_SESSION_MAX_HOURS', 12, { min: 1, max: 24 * 30 }),
    sessionIdleMinutes: numberSetting(env, 'KH_SESSION_IDLE_MINUTES', 30, { min: 5 }),
    staffEmailDomains: (env.KH_STAFF_EMAIL_DOMAINS ?? '').split(',').map((domain) => domain.trim().toLowerCase()).filter(Boolean),
    staffSession: { idleMinutes: numberSetting(env, 'KH_STAFF_IDLE_MINUTES', 30, { min: 1 }), maxHours: 12 },
    ekyc: { maxPerDay: numberSetting(env, 'KH_EKYC_MAX_PER_DAY', 5), minIntervalSeconds: numberSetting(env, 'KH_EKYC_MIN_INTERVAL_SECONDS', 10), handoffTtlSeconds: 300 },
    feeSen: 1100,
    webDist: env.KH_WEB_DIST,
    consoleDist: env.KH_CONSOLE_DIST,
    dealers: { DR1001: 'Lim Wei Ming', DR1002: 'Nurul Aisyah binti Ahmad', DR1003: 'Rajesh Kumar' },
    trustProxy: trustProxyFrom(env.KH_TRUST_PROXY),
    studio: {
      compileTimeoutMs: numberSetting(env, 'KH_STUDIO_COMPILE_TIMEOUT_MS', 5000, { min: 100 }),
      compileMemoryMb: numberSetting(env, 'KH_STUDIO_COMPILE_MEMORY_MB', 256, { min: 32, max: 4096 }),
      maxQueue: 32,
      requestsPerMinute: numberSetting(env, 'KH_STUDIO_REQUESTS_PER_MINUTE', 120, { min: 1 }),
      draftsPerEditor: numberSetting(env, 'KH_STUDIO_DRAFTS_PER_EDITOR', 20, { min: 1 }),
      // A 2,000-choice select with its texts in three languages is about 400 KB.
      documentBytes: numberSetting(env, 'KH_STUDIO_DOCUMENT_BYTES', 768 * 1024, { min: 1024, max: 2 * 1024 * 1024 }),
    },
    bootstrapAdmin: bootstrapAdminFrom(env),
    retention: retentionFrom(env),
    operations: {
      drainSeconds: numberSetting(env, 'KH_DRAIN_SECONDS', production ? 10 : 0, { max: 600 }),
      migrateOnStart: flag(env.KH_MIGRATE_ON_START, !production),
      startRetrySeconds: numberSetting(env, 'KH_DB_START_RETRY_SECONDS', 60, { max: 3600 }),
      database: {
        connectMs: numberSetting(env, 'KH_DB_CONNECT_TIMEOUT_MS', 5_000, { min: 100 }),
        statementMs: numberSetting(env, 'KH_DB_STATEMENT_TIMEOUT_MS', 30_000, { min: 100 }),
        idleInTransactionMs: numberSetting(env, 'KH_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000, { min: 100 }),
      },
    },
    http: {
      requestTimeoutSeconds: numberSetting(env, 'KH_REQUEST_TIMEOUT_SECONDS', 120, { min: 1 }),
      idleSeconds: numberSetting(env, 'KH_IDLE_TIMEOUT_SECONDS', 30, { min: 1 }),
      uploadsAtOnce: numberSetting(env, 'KH_UPLOADS_AT_ONCE', 3, { min: 1 }),
    },
    limits: {
      lookupsPerMinute: numberSetting(env, 'KH_LIMIT_LOOKUPS_PER_MINUTE', 10),
      analyticsPerMinute: numberSetting(env, 'KH_LIMIT_ANALYTICS_PER_MINUTE', 120),
      errorReportsPerMinute: numberSetting(env, 'KH_LIMIT_ERROR_REPORTS_PER_MINUTE', 30),
      staffLoginsPerIp: numberSetting(env, 'KH_LIMIT_STAFF_LOGINS_PER_IP', 20),
      staffLoginsPerAccount: numberSetting(env, 'KH_LIMIT_STAFF_LOGINS_PER_ACCOUNT', 5),
      staffLoginWindowMinutes: 15,
    },
    ...overrides,
  };
  if (config.dev && !isLoopback(config.host) && !flag(env.KH_SANDBOX_EXPOSE, false))
    throw new ConfigError(`HOST=${config.host}: the sandbox (dev mode: codes readable at /dev/outbox, a debug login) listens on 127.0.0.1 only; set KH_SANDBOX_EXPOSE=1 to expose it anyway`);
  return config;
}

/**
 * Production starts only with everything it needs, and says what is missing in one line. There is no
 * sandbox fallback: codes must reach a phone, and every instance must share the same keys.
 */
function requireProductionSettings(env: NodeJS.ProcessEnv): void {
  const refuse = (variable: string, why: string) => {
    throw new ConfigError(`${variable}: ${why} (production mode)`);
  };
  if (flag(env.KH_DEV, false)) refuse('KH_DEV', 'dev mode (a debug login, readable codes) cannot run in production; unset it');
  if (!env.KH_SIGNING_SECRET || env.KH_SIGNING_SECRET.length < 32) refuse('KH_SIGNING_SECRET', 'required, at least 32 characters, the same on every instance');
  if (!env.DATABASE_URL) refuse('DATABASE_URL', 'required: production runs on PostgreSQL (postgres://user:password@host:5432/database)');
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) refuse('DATABASE_URL', 'must be a postgres:// URL');
  if (!env.KH_PUBLIC_ORIGIN) refuse('KH_PUBLIC_ORIGIN', 'required: the https origin applicants reach, such as https://open.broker.example');
  let origin: URL | undefined;
  try {
    origin = new URL(env.KH_PUBLIC_ORIGIN ?? '');
  } catch {
    origin = undefined;
  }
  if (!origin || origin.origin !== env.KH_PUBLIC_ORIGIN || (origin.protocol !== 'https:' && !isLoopback(origin.hostname)))
    refuse('KH_PUBLIC_ORIGIN', `"${env.KH_PUBLIC_ORIGIN}" is not an https origin (no path)`);
  if (!env.KH_SMS_URL) refuse('KH_SMS_URL', 'required: the SMS provider that sends the login codes');
  if (!/^https?:\/\//.test(env.KH_SMS_URL ?? '')) refuse('KH_SMS_URL', 'must be an http(s) URL');
  if (!env.KH_SMS_API_KEY) refuse('KH_SMS_API_KEY', "required: the SMS provider's API key");
  if (!/^smtps?:\/\//.test(env.KH_SMTP_URL ?? '')) refuse('KH_SMTP_URL', 'required: the SMTP server for the decision e-mails, smtp://user:password@host:587 or smtps://…');
  if (!env.KH_MAIL_FROM) refuse('KH_MAIL_FROM', 'required: the sender of the e-mails, such as "Broker <no-reply@broker.example>"');
  if (!env.KH_METRICS_TOKEN || env.KH_METRICS_TOKEN.length < 16) refuse('KH_METRICS_TOKEN', 'required, at least 16 characters: /metrics answers only with it');
  // On the applicants' origin a script on any applicant page could read the staff API with a reviewer's cookie.
  if (!env.KH_CONSOLE_ORIGIN) refuse('KH_CONSOLE_ORIGIN', 'required: the review console\'s own https origin, such as https://console.broker.example (never the applicants\')');
}

export const ENVIRONMENTS = ['dev', 'feature', 'daily', 'beta', 'uat', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** prod in production mode, dev outside it, unless KH_ENVIRONMENT names another of SPEC §9's; production mode is never dev. */
function environmentFrom(env: NodeJS.ProcessEnv, production: boolean): Environment {
  const named = env.KH_ENVIRONMENT;
  if (named === undefined || named === '') return production ? 'prod' : 'dev';
  if (!(ENVIRONMENTS as readonly string[]).includes(named)) throw new ConfigError(`KH_ENVIRONMENT: "${named}" is not one of ${ENVIRONMENTS.join(', ')}`);
  if (production && named === 'dev') throw new ConfigError('KH_ENVIRONMENT: production mode is not the dev environment');
  return named as Environment;
}






/** KH_TRUST_PROXY: unset or "false" trusts no proxy; "true" any; "2" that many hops; else addresses and CIDRs. */
export function trustProxyFrom(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

