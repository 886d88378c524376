// The GHL card gateway's settings (KH_GHL_*), read at start.
import { ConfigError, refuseInProduction } from '../config/settings.ts';
import type { GhlSettings } from './ghl.ts';

export type { GhlSettings };

/** All three GHL settings, or none. */
/** A live deployment has a real card gateway. */
export function requireGhl(env: NodeJS.ProcessEnv): void {
  if (!env.KH_GHL_URL) refuseInProduction('KH_GHL_URL', 'required: the card gateway (with KH_GHL_SERVICE_ID, KH_GHL_PASSWORD); or KH_SANDBOX=1 for a staging site');
}

export function ghlFrom(env: NodeJS.ProcessEnv): GhlSettings | undefined {
  const given = [env.KH_GHL_URL, env.KH_GHL_SERVICE_ID, env.KH_GHL_PASSWORD].filter(Boolean).length;
  if (given === 0) return undefined;
  if (given < 3) throw new ConfigError('KH_GHL_URL, KH_GHL_SERVICE_ID, KH_GHL_PASSWORD: the GHL gateway needs all three');
  if (!/^https?:\/\//.test(env.KH_GHL_URL!)) throw new ConfigError(`KH_GHL_URL: "${env.KH_GHL_URL}" is not an http(s) URL`);
  return { url: env.KH_GHL_URL!, serviceId: env.KH_GHL_SERVICE_ID!, password: env.KH_GHL_PASSWORD! };
}
