// File storage on S3 or an S3-compatible server (KH_S3_*): every instance reads what another wrote.
// Keys are the same safe relative paths the local folder uses.
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { calling } from '../http/dependencies.ts';
import { safeRelativePath, type FileStorage } from './file-storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL (MinIO, Ceph…); AWS itself without it. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Key prefix inside the bucket, such as "onboarding/". */
  prefix?: string;
}

export class FileMissingError extends Error {}

export function s3FileStorage(settings: S3Settings): FileStorage & { reachable(): Promise<boolean> } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // A bucket that does not answer fails the request in seconds (a 503), not minutes.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    maxAttempts: 2,
    // S3-compatible servers do not all know the newer default checksums; S3 does not require them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (relativePath: string) => {
    const safe = safeRelativePath(relativePath);
    if (!safe) throw new Error(`Refused path ${relativePath}`);
    return `${settings.prefix ?? ''}${safe.split('\\').join('/')}`;
  };
  return {
    // The bucket down or slow is a DependencyError: the request that met it is answered 503.
    async put(relativePath, bytes) {
      await calling('storage', () => client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: keyOf(relativePath), Body: bytes })));
    },
    async get(relativePath) {
      try {
        const answer = await calling('storage', () => client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(relativePath) })));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') throw new FileMissingError(relativePath);
        throw error;
      }
    },
    async remove(relativePath) {
      await calling('storage', () => client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(relativePath) })));
    },
    reachable: () => client.send(new HeadBucketCommand({ Bucket: settings.bucket })).then(() => true, () => false),
  };
}
