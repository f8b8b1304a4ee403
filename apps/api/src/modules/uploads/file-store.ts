import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
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

/** None of the bytes a range asks for are in the file, which has `size` bytes. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`the range asked for is not in the file of ${size} bytes`);
    this.name = 'RangeNotSatisfiableError';
  }
}

/** An upload received onto the disk but not kept yet: checked first, then moved into place or discarded. */
export type TemporaryFile = { path: string; bytes: number };

/**
 * What a Range header asks for: bytes `start` to `end`, both included (`end` unset: to the end of
 * the file), or the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };
/** What a reply says about a stored file besides its bytes. */
export type FileStats = { size: number; etag: string; lastModified: Date };
/** A stored file opened for reading: its bytes, or when a range was asked for, those of `range` (ends included). */
export type OpenedFile = FileStats & { body: Readable; range: { start: number; end: number } | null };

/**
 * Where uploaded files live: this machine's disk (createLocalDiskStore) or an S3-compatible bucket
 * (s3-store.ts). Both keep a file at the address it is served from, so the addresses in the database
 * are the same whichever keeps them.
 */
export type FileStore = {
  /** A new random name of our own in the folder, as its /api address; nothing is written. */
  allocate(folder: StoredFolder | typeof COURSE_MEDIA, extension: string): string;
  /** Writes a new file at an allocated URL; on any failure nothing is left behind (not even an empty file). */
  write(url: string, data: Buffer | Readable): Promise<void>;
  /**
   * Streams a large upload to a temporary file on this machine's disk, without holding it in memory;
   * on any failure nothing is left behind.
   */
  receive(source: Readable): Promise<TemporaryFile>;
  /** Keeps a received file at an allocated URL; the temporary file is gone afterwards. */
  adopt(url: string, file: TemporaryFile): Promise<void>;
  /** Removes a received file that was not adopted; one already moved or gone is fine. */
  discard(file: TemporaryFile): Promise<void>;
  /** Removes received files older than `cutoff` (ms): uploads cut off by a crash or a restart. */
  discardReceivedBefore(cutoff: number): Promise<number>;
  /** Removes a file; one that is already gone is fine. */
  remove(url: string): Promise<void>;
  /** Bytes an unprivileged writer can still use for files that are kept. */
  freeBytes(): Promise<number>;
  /** Bytes an unprivileged writer can still use on the disk that receive() writes to. */
  receivingFreeBytes(): Promise<number>;
  /** The stored file's size, entity tag and time; null when none is at the URL, or it is not one of ours. */
  stat(url: string): Promise<FileStats | null>;
  /**
   * The stored file, or the part of it `range` asks for; null when none is at the URL, or it is not
   * one of ours. Throws RangeNotSatisfiableError when no byte of the range is in the file.
   */
  open(url: string, range?: ByteRange): Promise<OpenedFile | null>;
  /**
   * Where the files lie on this machine's disk, when they do: served from there by @fastify/static
   * and @fastify/send, which answer ranges and revalidations themselves. Null for a bucket, whose
   * files are served through open().
   */
  directories: { uploads: string; courseMedia: string } | null;
  /** allocate + write. */
  save(folder: StoredFolder | typeof COURSE_MEDIA, extension: string, data: Buffer): Promise<string>;
};

const PUBLIC_NAME = /^\/api\/uploads\/[a-z]+\/[a-f0-9]{32}(?:-thumb)?\.[a-z0-9]+$/;
const COURSE_MEDIA_NAME = /^\/api\/course-media\/[a-f0-9]{32}\.[a-z0-9]+$/;
/** What each kind of file we keep is served as, by its extension (the types @fastify/send gives them). */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};
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
 * A stored file's place, the same under DATA_DIR and in a bucket: its address without `/api/`
 * (`uploads/<folder>/<name>` or `course-media/<name>`); null for an address that is not one of ours.
 */
export function storedPathOf(url: string): string | null {
  return PUBLIC_NAME.test(url) || COURSE_MEDIA_NAME.test(url) ? url.slice('/api/'.length) : null;
}

/** storedPathOf for an address we made ourselves: any other is a mistake of ours, not the sender's. */
export function requireStoredPath(url: string): string {
  const path = storedPathOf(url);
  if (path === null) throw new Error(`not a stored file: ${url}`);
  return path;
}

export const contentTypeOf = (url: string): string =>
  CONTENT_TYPES[url.slice(url.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

const allocateUrl = (folder: StoredFolder | typeof COURSE_MEDIA, extension: string) =>
  folder === COURSE_MEDIA
    ? `${COURSE_MEDIA_URL_PREFIX}${randomName()}.${extension}`
    : `${PUBLIC_UPLOADS_PATH}/${folder}/${randomName()}.${extension}`;

async function freeBytesUnder(directory: string): Promise<number> {
  await mkdir(directory, { recursive: true });
  const stats = await statfs(directory);
  return stats.bavail * stats.bsize;
}

/** The bytes `range` asks for in a file of `size` bytes, as RFC 9110 reads it. */
function bytesOf(range: ByteRange, size: number): { start: number; end: number } {
  const start = 'suffix' in range ? size - Math.min(range.suffix, size) : range.start;
  const end = 'suffix' in range ? size - 1 : Math.min(range.end ?? size - 1, size - 1);
  if (start > end) throw new RangeNotSatisfiableError(size);
  return { start, end };
}

/**
 * What every store does alike around its own `write`: new names, saving, and large uploads received
 * onto this machine's disk, in DATA_DIR/course-media/incoming (for the disk store, the disk its lesson
 * files are kept on, so that keeping one is a rename).
 */
export function sharedStoreParts(
  dataDir: string,
  write: FileStore['write'],
): Pick<
  FileStore,
  'allocate' | 'save' | 'receive' | 'discard' | 'discardReceivedBefore' | 'receivingFreeBytes'
> {
  const incoming = join(dataDir, COURSE_MEDIA, 'incoming');
  return {
    allocate: allocateUrl,

    async save(folder, extension, data) {
      const url = allocateUrl(folder, extension);
      await write(url, data);
      return url;
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

    receivingFreeBytes: () => freeBytesUnder(incoming),
  };
}

/**
 * Public uploads in DATA_DIR/uploads (served as they are by GET /uploads/*), lesson files in
 * DATA_DIR/course-media (served by GET /course-media/:file only).
 */
export function createLocalDiskStore(dataDir: string): FileStore {
  const directories = { uploads: join(dataDir, 'uploads'), courseMedia: join(dataDir, COURSE_MEDIA) };
  const pathOf = (url: string) => join(dataDir, requireStoredPath(url));
  // What @fastify/send answers as the entity tag of a file on the disk.
  const etagOf = (size: number, modified: Date) =>
    `W/"${size.toString(16)}-${modified.getTime().toString(16)}"`;
  const write: FileStore['write'] = async (url, data) => {
    const path = pathOf(url);
    let created = false;
    try {
      await mkdir(dirname(path), { recursive: true });
      const file = await open(path, 'wx');
      created = true;
      try {
        await writeFile(file, data);
      } finally {
        await file.close();
      }
    } catch (error) {
      // A file cut short by a full disk would be served as a broken image: it goes too.
      if (created) await rm(path, { force: true });
      if (isFull(error)) throw new StorageFullError(error);
      throw error;
    }
  };
  return {
    ...sharedStoreParts(dataDir, write),
    write,
    directories,

    async adopt(url, file) {
      const path = pathOf(url);
      await mkdir(dirname(path), { recursive: true });
      await rename(file.path, path);
    },

    async remove(url) {
      await rm(pathOf(url), { force: true });
    },

    freeBytes: () => freeBytesUnder(directories.uploads),

    async stat(url) {
      const path = storedPathOf(url);
      const stats = path === null ? null : await stat(join(dataDir, path)).catch(ifMissing(null));
      if (!stats?.isFile()) return null;
      return { size: stats.size, etag: etagOf(stats.size, stats.mtime), lastModified: stats.mtime };
    },

    async open(url, range) {
      const path = storedPathOf(url);
      // Opened before it is measured, so a file removed meanwhile is either read whole or not found.
      const file = path === null ? null : await open(join(dataDir, path), 'r').catch(ifMissing(null));
      if (!file) return null;
      try {
        const stats = await file.stat();
        if (!stats.isFile()) {
          await file.close();
          return null;
        }
        const bytes = range ? bytesOf(range, stats.size) : null;
        return {
          body: file.createReadStream(bytes ?? {}),
          size: stats.size,
          range: bytes,
          etag: etagOf(stats.size, stats.mtime),
          lastModified: stats.mtime,
        };
      } catch (error) {
        await file.close();
        throw error;
      }
    },
  };
}
