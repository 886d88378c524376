// Server configuration from the environment. Every value has a safe default for a local sandbox.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

export interface ServerConfig {
  host: string;
  port: number;
  /** Embedded PostgreSQL (PGlite) data and uploaded files live here. */
  dataDir: string;
  /** A real PostgreSQL server instead of the embedded one. */
  databaseUrl?: string;
  /** Dev mode: the sandbox outbox page and the debug mobile+password login. */
  dev: boolean;
  /** 501 for every API call while the broker's systems are in maintenance. */
  maintenance: boolean;
  /** HMAC secret of the send-auth-code signature (SPEC §7). */
  signingSecret: string;
  devPassword: string;
  appConfig: { ctosValid: boolean; ghlValid: boolean; myCtosSpecialState: string[]; rppEnabled: boolean };
  urls: Record<string, string>;
  /** Public origin the sandbox providers redirect back to. */
  publicOrigin: string;
  /** Origins of the broker's pages that may embed the app in a frame (KH_EMBED_ORIGINS); none by default. */
  embedOrigins: string[];
  uploadLimitBytes: number;
  sms: { codeTtlSeconds: number; maxAttempts: number; perPhonePerHour: number; perIpPerHour: number; perDevicePerHour: number; resendAfterSeconds: number; maxClockSkewSeconds: number };
  sessionDays: number;
  ekyc: { maxPerDay: number; minIntervalSeconds: number; handoffTtlSeconds: number };
  /** The account-opening fee (RM 11) in sen. */
  feeSen: number;
  /** The built applicant app to serve on the same origin (apps/web/dist); none in API-only tests. */
  webDist?: string;
  /** Dealer's representatives by DR code. */
  dealers: Record<string, string>;
  /**
   * The proxies in front of the server whose X-Forwarded-For / -Proto are believed (KH_TRUST_PROXY:
   * "true" for any, a hop count, or addresses/CIDRs); none by default, so a client cannot claim an IP.
   */
  trustProxy: boolean | number | string[];
  /** Rate limits per client address (and per staff account), in the database every instance shares. */
  limits: { lookupsPerMinute: number; analyticsPerMinute: number; errorReportsPerMinute: number; staffLoginsPerIp: number; staffLoginsPerAccount: number; staffLoginWindowMinutes: number };
}

const flag = (value: string | undefined, fallback: boolean) => (value === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()));

export class ConfigError extends Error {}

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  const config: ServerConfig = {
    host,
    port,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    dev: flag(env.KH_DEV, env.NODE_ENV !== 'production'),
    maintenance: flag(env.KH_MAINTENANCE, false),
    // Outside production a random secret per start is fine: the web app gets it from /dev config.
    signingSecret: env.KH_SIGNING_SECRET ?? (env.NODE_ENV === 'production' ? '' : 'sandbox-signing-secret'),
    devPassword: env.KH_DEV_PASSWORD ?? 'sandbox',
    appConfig: {
      ctosValid: flag(env.KH_CTOS_VALID, true),
      ghlValid: flag(env.KH_GHL_VALID, true),
      myCtosSpecialState: (env.KH_MY_CTOS_SPECIAL_STATE ?? '').split(',').filter(Boolean),
      rppEnabled: flag(env.KH_RPP_ENABLED, false),
    },
    urls: { liveChat: env.KH_URL_LIVE_CHAT ?? 'https://broker.example/live-chat', bindPhone: env.KH_URL_BIND_PHONE ?? '/login', appDownload: env.KH_URL_APP_DOWNLOAD ?? 'https://broker.example/app' },
    publicOrigin: env.KH_PUBLIC_ORIGIN ?? `http://${host}:${port}`,
    embedOrigins: embedOriginsFrom(env.KH_EMBED_ORIGINS),
    uploadLimitBytes: Number(env.KH_UPLOAD_LIMIT_BYTES ?? 10 * 1024 * 1024),
    sms: {
      codeTtlSeconds: 300,
      maxAttempts: 5,
      perPhonePerHour: Number(env.KH_SMS_PER_PHONE_PER_HOUR ?? 5),
      // Per client address: behind one proxy a whole site shares an address unless KH_TRUST_PROXY names the proxy.
      perIpPerHour: Number(env.KH_SMS_PER_IP_PER_HOUR ?? 20),
      perDevicePerHour: Number(env.KH_SMS_PER_DEVICE_PER_HOUR ?? 10),
      resendAfterSeconds: 60,
      maxClockSkewSeconds: 300,
    },
    sessionDays: 7,
    ekyc: { maxPerDay: Number(env.KH_EKYC_MAX_PER_DAY ?? 5), minIntervalSeconds: Number(env.KH_EKYC_MIN_INTERVAL_SECONDS ?? 10), handoffTtlSeconds: 300 },
    feeSen: 1100,
    webDist: env.KH_WEB_DIST,
    dealers: { DR1001: 'Lim Wei Ming', DR1002: 'Nurul Aisyah binti Ahmad', DR1003: 'Rajesh Kumar' },
    trustProxy: trustProxyFrom(env.KH_TRUST_PROXY),
    limits: {
      lookupsPerMinute: Number(env.KH_LIMIT_LOOKUPS_PER_MINUTE ?? 10),
      analyticsPerMinute: Number(env.KH_LIMIT_ANALYTICS_PER_MINUTE ?? 120),
      errorReportsPerMinute: Number(env.KH_LIMIT_ERROR_REPORTS_PER_MINUTE ?? 30),
      staffLoginsPerIp: Number(env.KH_LIMIT_STAFF_LOGINS_PER_IP ?? 20),
      staffLoginsPerAccount: Number(env.KH_LIMIT_STAFF_LOGINS_PER_ACCOUNT ?? 5),
      staffLoginWindowMinutes: 15,
    },
    ...overrides,
  };
  if (config.dev && !isLoopback(config.host) && !flag(env.KH_SANDBOX_EXPOSE, false))
    throw new ConfigError(`HOST=${config.host}: the sandbox (dev mode: codes readable at /dev/outbox, a debug login) listens on 127.0.0.1 only; set KH_SANDBOX_EXPOSE=1 to expose it anyway`);
  return config;
}

const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '::1';

/** KH_TRUST_PROXY: unset or "false" trusts no proxy; "true" any; "2" that many hops; else addresses and CIDRs. */
export function trustProxyFrom(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

export const newId = (): string => randomBytes(12).toString('base64url');
