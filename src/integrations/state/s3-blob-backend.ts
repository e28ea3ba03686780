import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
export class S3BlobBackend implements BlobBackend {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(opts: S3BlobBackendOptions) {
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ?? '';
    this.client = new S3Client({
      region: opts.region ?? 'us-east-1',
      ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
      ...(opts.accessKeyId && opts.secretAccessKey ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } } : {}),
      // Plain Content-Length uploads: every S3-compatible server accepts them (aws-chunked trailers are not universal).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private key(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('bad blob id');
    return `${this.prefix}${id}`;
  }

  async write(id: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(id), Body: data, ContentLength: data.length }));
  }

  async read(id: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(id) }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async remove(id: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(id) }));
  }

  close(): void {
    this.client.destroy();
  }
}
