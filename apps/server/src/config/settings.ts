// Reading settings from the environment: the helpers every domain's settings use. Nothing here knows
// a provider: each provider's settings are parsed in its own domain (identity/zoloz-settings.ts…).
export class ConfigError extends Error {}

export const flag = (value: string | undefined, fallback: boolean) => (value === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()));

export const isProduction = (env: NodeJS.ProcessEnv) => env.NODE_ENV === 'production' || env.KH_ENV === 'production';

export const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '::1';

/** A live deployment (production, not a staging site on the sandbox) must have this setting. */
export const refuseInProduction = (variable: string, why: string): never => {
  throw new ConfigError(`${variable}: ${why} (production mode)`);
};

/** A whole-number setting: its default when unset, else a number within its bounds, or a one-line refusal naming it. */
export function numberSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || value < min || value > max) throw new ConfigError(`${name}: "${raw}" is not a whole number from ${min} to ${max}`);
  return value;
}
