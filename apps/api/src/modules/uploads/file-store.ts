import { randomBytes } from 'node:crypto';
import { mkdir, open, rm, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import type { UploadFolder } from '@sokoni/contracts/uploads';

/** Users' uploads by vertical, plus the generated sample images. */
export type StoredFolder = UploadFolder | 'sample';
export const PUBLIC_UPLOADS_PATH = '/api/uploads';

/** The disk (or bucket) has no room for the file: nothing of it was kept. */
export class StorageFullError extends Error {
  constructor(cause?: unknown) {
    super('no space left for the upload', { cause });
    this.name = 'StorageFullError';
  }
}

/**
 * Where uploaded files live. The local disk is the one implementation today; an S3-compatible store
 * implements the same methods and answers absolute URLs.
 */
export type FileStore = {
  /** A new random name of our own in the folder, as its public URL (or /api path); nothing is written. */
  allocate(folder: StoredFolder, extension: string): string;
  /** Writes a new file at an allocated URL; on any failure nothing is left behind (not even an empty file). */
  write(url: string, data: Buffer): Promise<void>;
  /** Removes a file; one that is already gone is fine. */
  remove(url: string): Promise<void>;
  /** Bytes an unprivileged writer can still use. */
  freeBytes(): Promise<number>;
  /** allocate + write. */
  save(folder: StoredFolder, extension: string, data: Buffer): Promise<string>;
};

const NAME = /^\/api\/uploads\/([a-z]+)\/([a-f0-9]{32}\.[a-z0-9]+)$/;

export function createLocalDiskStore(root: string): FileStore {
  const pathOf = (url: string) => {
    const match = NAME.exec(url);
    if (!match) throw new Error(`not a stored file: ${url}`);
    return join(root, match[1] as string, match[2] as string);
  };
  const store: FileStore = {
    allocate: (folder, extension) =>
      `${PUBLIC_UPLOADS_PATH}/${folder}/${randomBytes(16).toString('hex')}.${extension}`,

    async write(url, data) {
      const path = pathOf(url);
      let created = false;
      try {
        await mkdir(dirname(path), { recursive: true });
        const file = await open(path, 'wx');
        created = true;
        try {
          await file.writeFile(data);
        } finally {
          await file.close();
        }
      } catch (error) {
        // A file cut short by a full disk would be served as a broken image: it goes too.
        if (created) await rm(path, { force: true });
        if (['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException).code ?? '')) {
          throw new StorageFullError(error);
        }
        throw error;
      }
    },

    async remove(url) {
      await rm(pathOf(url), { force: true });
    },

    async freeBytes() {
      await mkdir(root, { recursive: true });
      const stats = await statfs(root);
      return stats.bavail * stats.bsize;
    },

    async save(folder, extension, data) {
      const url = store.allocate(folder, extension);
      await store.write(url, data);
      return url;
    },
  };
  return store;
}
