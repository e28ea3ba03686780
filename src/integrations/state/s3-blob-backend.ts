import type { S3Client } from '@aws-sdk/client-s3';
import type { BlobBackend } from './file-store.js';

export interface S3BlobBackendOptions {
  bucket: string;
  /** key prefix inside the bucket, e.g. `switchboard/` */
  prefix?: string;
  /** region; `us-east-1` when absent (most S3-compatible servers ignore it) */
  region?: string;
  /** an S3-compatible server (MinIO, R2, Ceph...); path-style addressing is used with it */
  endpoint?: string;
  /** static credentials; otherwise the AWS default chain (environment, profile, instance role) */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * File bytes in an S3-compatible bucket: the production backend for storage, shared by every node. Objects are
 * named `<prefix><id>`; the index stays in PostgreSQL, so the bucket needs no listing.
 */
// The AWS SDK is loaded when a bucket is configured, not by every process that imports the storage module.
type Sdk = typeof import('@aws-sdk/client-s3');

export class S3BlobBackend implements BlobBackend {
  private readonly ready: Promise<{ sdk: Sdk; client: S3Client }>;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(opts: S3BlobBackendOptions) {
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ?? '';
    this.ready = import('@aws-sdk/client-s3').then((sdk) => {
      const client = new sdk.S3Client({
        region: opts.region ?? 'us-east-1',
        ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
        ...(opts.accessKeyId && opts.secretAccessKey
          ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
          : {}),
        // Plain Content-Length uploads: every S3-compatible server accepts them (aws-chunked trailers are not universal).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      });
      return { sdk, client };
    });
  }

  private key(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('bad blob id');
    return `${this.prefix}${id}`;
  }

  async write(id: string, data: Buffer): Promise<void> {
    const { sdk, client } = await this.ready;
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.key(id), Body: data, ContentLength: data.length }),
    );
  }

  async read(id: string): Promise<Buffer | null> {
    const { sdk, client } = await this.ready;
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.key(id) }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (err) {
      if (err instanceof sdk.NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return null;
      throw err;
    }
  }

  async remove(id: string): Promise<void> {
    const { sdk, client } = await this.ready;
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(id) }));
  }

  close(): void {
    void this.ready.then(
      ({ client }) => client.destroy(),
      () => undefined,
    );
  }
}
