import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { UploadFolder } from '@sokoni/contracts/uploads';
import { COURSE_MEDIA_URL_PREFIX } from './course-media-links.js';

/** Users' uploads by vertical, plus the generated sample images. */
export type StoredFolder = UploadFolder | 'sample';
/** Lessons' videos and PDFs: never public, served only with a signed link (GET /course-media/:file). */
export const COURSE_MEDIA = 'course-media';
export const PUBLIC_UPLOADS_PATH = '/api/uploads';

/** The disk (or bucket) has no room for the file: nothing of it was kept. */
export class StorageFullError extends Error {
  constructor(cause?: unknown) {
    super('no space left for the upload', { cause });
    this.name = 'StorageFullError';
  }
}

/** An upload received onto the disk but not kept yet: checked first, then moved into place or discarded. */
export type TemporaryFile = { path: string; bytes: number };

/**
 * Where uploaded files live. The local disk is the one implementation today; an S3-compatible store
 * implements the same methods and answers absolute URLs.
 */
export type FileStore = {
  /** A new random name of our own in the folder, as its public URL (or /api path); nothing is written. */
  allocate(folder: StoredFolder | typeof COURSE_MEDIA, extension: string): string;
  /** Writes a new file at an allocated URL; on any failure nothing is left behind (not even an empty file). */
  write(url: string, data: Buffer): Promise<void>;
  /**
   * Streams a large upload to a temporary file on the store's disk, without holding it in memory;
   * on any failure nothing is left behind.
   */
  receive(source: Readable): Promise<TemporaryFile>;
  /** Moves a received file to an allocated URL. */
  adopt(url: string, file: TemporaryFile): Promise<void>;
  /** Removes a received file that was not adopted; one already moved or gone is fine. */
  discard(file: TemporaryFile): Promise<void>;
  /** Removes received files older than `cutoff` (ms): uploads cut off by a crash or a restart. */
  discardReceivedBefore(cutoff: number): Promise<number>;
  /** Removes a file; one that is already gone is fine. */
  remove(url: string): Promise<void>;
  /** Bytes an unprivileged writer can still use. */
  freeBytes(): Promise<number>;
  /** allocate + write. */
  save(folder: StoredFolder | typeof COURSE_MEDIA, extension: string, data: Buffer): Promise<string>;
};

const PUBLIC_NAME = /^\/api\/uploads\/([a-z]+)\/([a-f0-9]{32}(?:-thumb)?\.[a-z0-9]+)$/;
const COURSE_MEDIA_NAME = /^\/api\/course-media\/([a-f0-9]{32}\.[a-z0-9]+)$/;
const isFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException).code ?? '');
const randomName = () => randomBytes(16).toString('hex');
/** A catch handler: `fallback` when the file or folder does not exist, the error otherwise. */
const ifMissing =
  <T>(fallback: T) =>
  (error: NodeJS.ErrnoException): T => {
    if (error.code === 'ENOENT') return fallback;
    throw error;
  };

/**
 * Public uploads under `root` (served as they are by GET /uploads/*), lesson files under
 * `courseMediaRoot` (served by GET /course-media/:file only). Files being received wait in
 * `courseMediaRoot/incoming`, on the same disk, so that keeping one is a rename.
 */
export function createLocalDiskStore(root: string, courseMediaRoot: string): FileStore {
  const incoming = join(courseMediaRoot, 'incoming');
  const pathOf = (url: string) => {
    const lesson = COURSE_MEDIA_NAME.exec(url);
    if (lesson) return join(courseMediaRoot, lesson[1] as string);
    const match = PUBLIC_NAME.exec(url);
    if (!match) throw new Error(`not a stored file: ${url}`);
    return join(root, match[1] as string, match[2] as string);
  };
  const store: FileStore = {
    allocate: (folder, extension) =>
      folder === COURSE_MEDIA
        ? `${COURSE_MEDIA_URL_PREFIX}${randomName()}.${extension}`
        : `${PUBLIC_UPLOADS_PATH}/${folder}/${randomName()}.${extension}`,

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
        if (isFull(error)) throw new StorageFullError(error);
        throw error;
      }
    },

    async receive(source) {
      await mkdir(incoming, { recursive: true });
      const path = join(incoming, `${randomName()}.part`);
      try {
        await pipeline(source, createWriteStream(path, { flags: 'wx' }));
        return { path, bytes: (await stat(path)).size };
      } catch (error) {
        await rm(path, { force: true });
        if (isFull(error)) throw new StorageFullError(error);
        throw error;
      }
    },

    async adopt(url, file) {
      const path = pathOf(url);
      await mkdir(dirname(path), { recursive: true });
      await rename(file.path, path);
    },

    async discard(file) {
      await rm(file.path, { force: true });
    },

    async discardReceivedBefore(cutoff) {
      let removed = 0;
      for (const name of await readdir(incoming).catch(ifMissing([]))) {
        const path = join(incoming, name);
        // One adopted or discarded meanwhile is gone already.
        const stats = await stat(path).catch(ifMissing(null));
        if (stats && stats.mtimeMs < cutoff) {
          await rm(path, { force: true });
          removed += 1;
        }
      }
      return removed;
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
