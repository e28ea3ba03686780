import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import { DiskBlobBackend, FileStore } from '../../integrations/state/file-store.js';
import { S3BlobBackend } from '../../integrations/state/s3-blob-backend.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { filesRoutes } from './files.routes.js';

/** Files that actions read and write, on local disk or S3, served by signed links. */
export const filesModule = defineModule<Pick<Platform, 'config' | 'orm'>>()({
  name: 'files',
  build: ({ config, orm }) => {
    if (!config.encryptionKey) throw new Error('The encryption key must be resolved before building the app (prepareConfig).');
    const fileSigningKey = Buffer.from(hkdfSync('sha256', config.encryptionKey, Buffer.alloc(0), 'switchboard:file-links', 32));
    const s3 = config.storageS3;
    const blobs = s3
      ? new S3BlobBackend({
          bucket: s3.bucket,
          prefix: s3.prefix,
          ...(s3.region ? { region: s3.region } : {}),
          ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
          ...(s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : {}),
        })
      : new DiskBlobBackend(path.join(config.dataDir, 'storage'));
    // Files written before S3 was configured stay readable for `storage migrate` and are named in errors (0102).
    const files = new FileStore(orm, blobs, fileSigningKey, config.publicUrl, {
      current: s3 ? 's3' : 'local',
      others: s3 ? { local: new DiskBlobBackend(path.join(config.dataDir, 'storage')) } : {},
    });
    return { files };
  },
  routes: [filesRoutes],
  lifecycle: ({ files }) => ({ close: () => files.close() }),
});
