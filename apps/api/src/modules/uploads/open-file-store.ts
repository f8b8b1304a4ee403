import type { Config } from '../../config.js';
import { createLocalDiskStore, type FileStore } from './file-store.js';

/** The store uploads are kept in, and how to let go of it when done. */
export type OpenedFileStore = { files: FileStore; close(): Promise<void> };

/**
 * Where uploads are kept: S3_URL's bucket, which every server process reads, or else DATA_DIR. The
 * SDK is loaded only for a bucket: it adds 0.4 s to a start that does not need it.
 */
export async function openFileStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<OpenedFileStore> {
  if (!config.s3) return { files: createLocalDiskStore(config.dataDir), close: async () => {} };
  const { createS3Client, createS3Store } = await import('./s3-store.js');
  const client = createS3Client(config.s3);
  return {
    files: createS3Store({ client, bucket: config.s3.bucket, dataDir: config.dataDir }),
    close: async () => client.destroy(),
  };
}
