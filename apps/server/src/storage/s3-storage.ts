// File storage on S3 or an S3-compatible server (KH_S3_*): every instance reads what another wrote.
// Keys are the same safe relative paths the local folder uses.
import { GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
    async put(relativePath, bytes) {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: keyOf(relativePath), Body: bytes }));
    },
    async get(relativePath) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(relativePath) }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') throw new FileMissingError(relativePath);
        throw error;
      }
    },
    reachable: () => client.send(new HeadBucketCommand({ Bucket: settings.bucket })).then(() => true, () => false),
  };
}
