// The ZOLOZ identity provider's settings (KH_ZOLOZ_*), read at start.
import { ConfigError, refuseInProduction } from '../config/settings.ts';
import { ZOLOZ_WEB_SDK_URL, readKey, type ZolozSettings } from './zoloz.ts';

export type { ZolozSettings };

/** All four ZOLOZ settings, or none; the keys are read at start so a bad one stops the start, not a check. */
/** A live deployment has a real identity provider. */
export function requireZoloz(env: NodeJS.ProcessEnv): void {
  if (!env.KH_ZOLOZ_URL) refuseInProduction('KH_ZOLOZ_URL', 'required: the identity provider (with KH_ZOLOZ_CLIENT_ID, KH_ZOLOZ_PRIVATE_KEY, KH_ZOLOZ_PUBLIC_KEY); or KH_SANDBOX=1 for a staging site');
}

export function zolozFrom(env: NodeJS.ProcessEnv): ZolozSettings | undefined {
  const names = ['KH_ZOLOZ_URL', 'KH_ZOLOZ_CLIENT_ID', 'KH_ZOLOZ_PRIVATE_KEY', 'KH_ZOLOZ_PUBLIC_KEY'] as const;
  const given = names.filter((name) => env[name]).length;
  if (given === 0) return undefined;
  if (given < names.length) throw new ConfigError(`${names.join(', ')}: the ZOLOZ identity provider needs all four`);
  if (!/^https?:\/\//.test(env.KH_ZOLOZ_URL!)) throw new ConfigError(`KH_ZOLOZ_URL: "${env.KH_ZOLOZ_URL}" is not an http(s) URL`);
  const key = (name: 'KH_ZOLOZ_PRIVATE_KEY' | 'KH_ZOLOZ_PUBLIC_KEY', kind: 'private' | 'public') => {
    try {
      return readKey(env[name]!, kind);
    } catch {
      throw new ConfigError(`${name}: not a readable RSA ${kind} key (PEM, or the base64 body the ZOLOZ portal shows)`);
    }
  };
  return {
    apiUrl: env.KH_ZOLOZ_URL!,
    clientId: env.KH_ZOLOZ_CLIENT_ID!,
    merchantPrivateKey: key('KH_ZOLOZ_PRIVATE_KEY', 'private'),
    zolozPublicKey: key('KH_ZOLOZ_PUBLIC_KEY', 'public'),
    webSdkUrl: env.KH_ZOLOZ_H5_URL || ZOLOZ_WEB_SDK_URL,
  };
}
