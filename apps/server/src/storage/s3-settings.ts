// S3 (or an S3-compatible server) as the file store (KH_S3_*), read at start.
import { ConfigError } from '../config/settings.ts';
import type { S3Settings } from './s3-storage.ts';

/** KH_S3_BUCKET turns S3 on; KH_S3_REGION, and for an S3-compatible server KH_S3_ENDPOINT, with keys or the SDK's own credentials. */
export function s3From(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.KH_S3_BUCKET) return undefined;
  if (env.KH_S3_ENDPOINT && !/^https?:\/\//.test(env.KH_S3_ENDPOINT)) throw new ConfigError(`KH_S3_ENDPOINT: "${env.KH_S3_ENDPOINT}" is not an http(s) URL`);
  return {
    bucket: env.KH_S3_BUCKET,
    region: env.KH_S3_REGION ?? 'ap-southeast-1',
    endpoint: env.KH_S3_ENDPOINT || undefined,
    accessKeyId: env.KH_S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.KH_S3_SECRET_ACCESS_KEY || undefined,
    prefix: env.KH_S3_PREFIX || undefined,
  };
}
