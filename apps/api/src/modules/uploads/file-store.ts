import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { UploadFolder } from '@sokoni/contracts/uploads';

/** Users' uploads by vertical, plus the generated sample images. */
export type StoredFolder = UploadFolder | 'sample';
export const PUBLIC_UPLOADS_PATH = '/api/uploads';

/**
 * Where uploaded files live. The local disk is the one implementation today; an S3-compatible store
 * implements the same two methods and answers absolute URLs.
 */
export type FileStore = {
  /** Stores the bytes under a random name of our own; answers the public URL (or /api path). */
  save(folder: StoredFolder, extension: string, data: Buffer): Promise<string>;
};

export function createLocalDiskStore(root: string): FileStore {
  return {
    async save(folder, extension, data) {
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await mkdir(join(root, folder), { recursive: true });
      await writeFile(join(root, folder, name), data, { flag: 'wx' });
      return `${PUBLIC_UPLOADS_PATH}/${folder}/${name}`;
    },
  };
}
