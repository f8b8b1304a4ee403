import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import {
  COURSE_MEDIA_QUOTA,
  UPLOAD_MESSAGES,
  UPLOAD_QUOTA,
  thumbnailAddressOf,
  type UploadFolder,
  type UploadResponse,
} from '@sokoni/contracts/uploads';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/tokens.js';
import { COURSE_MEDIA, StorageFullError, type FileStore, type TemporaryFile } from './file-store.js';
import { sniffImageType, toWebp } from './image-processing.js';
import * as repo from './uploads.repository.js';
import { inspectVideoContainer } from './video-container.js';
import { withFileBytes } from './video-container/byte-source.js';
import { systemClock, type Clock } from '../../lib/clock.js';

const HOUR_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 200;
/** Sample images belong to the demo data, not to an upload of anyone's. */
const SAMPLE_IMAGE = /^\/api\/uploads\/sample\//;
/** A file being received is written to all the time; one untouched for an hour was left by a crash. */
const RECEIVED_KEPT_MS = HOUR_MS;
/** Readers accept '%%EOF' anywhere in the last kilobyte: writers often add a newline or padding after it. */
const PDF_TAIL_BYTES = 1024;

const storageFull = () => new AppError('STORAGE_FULL', UPLOAD_MESSAGES.storageFull, 507);
const typeNotAllowed = (filename: string) =>
  unsupportedMediaType(UPLOAD_MESSAGES.typeNotAllowed(filename), 'FILE_TYPE_NOT_ALLOWED');

type Upload = { filename: string; bytes: Buffer };
/** A large upload, already received onto the disk (FileStore.receive). */
export type ReceivedUpload = { filename: string; file: TemporaryFile };
type File = { url: string; data: Buffer };
type Kind = repo.NewUpload['kind'];

/** An allowance per account, over the uploads of some kinds. */
type Quota = {
  kinds: Kind[];
  unusedBytes: number;
  totalBytes: number;
  unusedMessage: string;
  totalMessage: string;
};
const GENERAL_QUOTA: Quota = {
  kinds: ['image', 'video'],
  ...UPLOAD_QUOTA,
  unusedMessage: UPLOAD_MESSAGES.unusedQuota,
  totalMessage: UPLOAD_MESSAGES.totalQuota,
};
/** Lesson files are counted apart from the rest (COURSE_MEDIA_QUOTA says why). */
const LESSON_FILES_QUOTA: Quota = {
  kinds: ['course-media'],
  ...COURSE_MEDIA_QUOTA,
  unusedMessage: UPLOAD_MESSAGES.courseMediaUnusedQuota,
  totalMessage: UPLOAD_MESSAGES.courseMediaTotalQuota,
};
const quotaOf = (kind: Kind) => (kind === 'course-media' ? LESSON_FILES_QUOTA : GENERAL_QUOTA);

/** A file that says it is a PDF ('%PDF-') is one when it ends as one and pdf-lib opens a page of it. */
async function opensAsPdf(bytes: Buffer): Promise<boolean> {
  if (!bytes.subarray(-PDF_TAIL_BYTES).toString('latin1').includes('%%EOF')) return false;
  try {
    // An encrypted PDF is still a PDF: the reader asks for its password.
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/**
 * Every upload is checked by its bytes, counted against its owner's quota and the disk's free space
 * before it is kept, and recorded with its owner; listings, posts and lessons claim the uploads they
 * use, and what nobody claimed within a day is swept away with its files.
 */
export function createUploadsService(deps: {
  db: Db;
  files: FileStore;
  minFreeBytes: number;
  clock?: Clock;
}) {
  const { db, files } = deps;
  const { now } = deps.clock ?? systemClock;

  /**
   * Records the upload under the owner's quota, then puts its files in place with `place`; all of
   * them or none. `onDisk` bytes are already written (a received file) and so not counted again
   * against the free space.
   */
  async function keep(
    owner: AuthUser,
    upload: { kind: Kind; url: string; thumbnailUrl: string | null; bytes: number; onDisk: boolean },
    place: () => Promise<void>,
    undo: () => Promise<void>,
  ): Promise<void> {
    const quota = quotaOf(upload.kind);
    await db.transaction(async (tx) => {
      await repo.lockOwner(tx, owner.sub);
      const usage = await repo.findUsage(tx, owner.sub, quota.kinds);
      if (usage.unused + upload.bytes > quota.unusedBytes) {
        throw payloadTooLarge(quota.unusedMessage, 'UPLOAD_QUOTA_UNUSED');
      }
      if (usage.total + upload.bytes > quota.totalBytes) {
        throw payloadTooLarge(quota.totalMessage, 'UPLOAD_QUOTA_TOTAL');
      }
      const needed = upload.onDisk ? 0 : upload.bytes;
      if ((await files.freeBytes()) - needed < deps.minFreeBytes) throw storageFull();
      await repo.insertUpload(tx, {
        ownerId: owner.sub,
        url: upload.url,
        thumbnailUrl: upload.thumbnailUrl,
        kind: upload.kind,
        bytes: upload.bytes,
        createdAt: new Date(now()),
      });
    });
    try {
      await place();
    } catch (error) {
      await undo();
      await repo.deleteUpload(db, upload.url);
      if (error instanceof StorageFullError) throw storageFull();
      throw error;
    }
  }

  /** Writes new files (an image and its thumbnail, a short video) under one record. */
  async function keepWritten(owner: AuthUser, kind: Kind, stored: File[]): Promise<void> {
    const [main, thumbnail] = stored as [File, File | undefined];
    const bytes = stored.reduce((sum, file) => sum + file.data.length, 0);
    await keep(
      owner,
      { kind, url: main.url, thumbnailUrl: thumbnail?.url ?? null, bytes, onDisk: false },
      async () => {
        for (const file of stored) await files.write(file.url, file.data);
      },
      async () => {
        await Promise.all(stored.map((file) => files.remove(file.url)));
      },
    );
  }

  /** Moves a received lesson file to its private address under one record. */
  async function keepReceived(owner: AuthUser, upload: ReceivedUpload, extension: string) {
    const url = files.allocate(COURSE_MEDIA, extension);
    await keep(
      owner,
      { kind: 'course-media', url, thumbnailUrl: null, bytes: upload.file.bytes, onDisk: true },
      () => files.adopt(url, upload.file),
      () => files.remove(url),
    );
    return { publicUrl: url };
  }

  return {
    /**
     * What answers an image's thumbnail address when no file is there: the thumbnail of an image
     * uploaded before thumbnails were named after their image, else the image itself (a sample image
     * has no thumbnail).
     */
    async thumbnailStandIn(imageUrl: string): Promise<string> {
      return (await repo.findThumbnailOf(db, imageUrl)) ?? imageUrl;
    },

    /** Checks the bytes, re-encodes to WebP without metadata, stores the image and its thumbnail. */
    async storeImage(owner: AuthUser, folder: UploadFolder, upload: Upload): Promise<UploadResponse> {
      if (!sniffImageType(upload.bytes)) throw typeNotAllowed(upload.filename);
      let encoded: Awaited<ReturnType<typeof toWebp>>;
      try {
        encoded = await toWebp(upload.bytes);
      } catch {
        throw badRequest(UPLOAD_MESSAGES.unreadableImage(upload.filename), 'UNREADABLE_IMAGE');
      }
      const image = { url: files.allocate(folder, 'webp'), data: encoded.image };
      const thumbnail = { url: thumbnailAddressOf(image.url)!, data: encoded.thumbnail };
      await keepWritten(owner, 'image', [image, thumbnail]);
      return { publicUrl: image.url, thumbnailUrl: thumbnail.url };
    },

    /** A video is kept as sent when the whole file is a well-formed MP4 or WebM container. */
    async storeVideo(owner: AuthUser, upload: Upload): Promise<{ publicUrl: string }> {
      const type = inspectVideoContainer(upload.bytes);
      if (!type) throw typeNotAllowed(upload.filename);
      const video = { url: files.allocate('community', type), data: upload.bytes };
      await keepWritten(owner, 'video', [video]);
      return { publicUrl: video.url };
    },

    /** Streams a large upload onto the disk as it arrives, to be checked and kept, or discarded. */
    async receive(source: Readable): Promise<TemporaryFile> {
      try {
        return await files.receive(source);
      } catch (error) {
        if (error instanceof StorageFullError) throw storageFull();
        throw error;
      }
    },

    /** Removes a received file unless it was kept (a kept one has moved). */
    discard: (file: TemporaryFile): Promise<void> => files.discard(file),

    /**
     * A lesson's video, kept privately as sent when the whole file is a well-formed MP4 or WebM
     * container. The file is read from the disk a page at a time, never held in memory whole.
     */
    async storeCourseVideo(owner: AuthUser, upload: ReceivedUpload): Promise<{ publicUrl: string }> {
      const type = withFileBytes(upload.file.path, inspectVideoContainer);
      if (!type) throw typeNotAllowed(upload.filename);
      return keepReceived(owner, upload, type);
    },

    /**
     * A lesson's PDF, kept privately as sent when its bytes are a PDF that opens. Unlike a video it is
     * read whole (at most COURSE_PDF_MAX_BYTES): a PDF's parts are found from its end, not walked in order.
     */
    async storeCoursePdf(owner: AuthUser, upload: ReceivedUpload): Promise<{ publicUrl: string }> {
      const bytes = await readFile(upload.file.path);
      if (bytes.toString('latin1', 0, 5) !== '%PDF-') throw typeNotAllowed(upload.filename);
      if (!(await opensAsPdf(bytes))) {
        throw badRequest(UPLOAD_MESSAGES.unreadablePdf(upload.filename), 'UNREADABLE_PDF');
      }
      return keepReceived(owner, upload, 'pdf');
    },

    /**
     * A listing, a post or a lesson takes these files: each must be the caller's own upload (or a
     * sample image); it is then kept for good. Runs in the caller's transaction. Answers false,
     * changing nothing the caller keeps, when one of them is not.
     */
    async claim(tx: Db, owner: AuthUser, urls: Array<string | null | undefined>): Promise<boolean> {
      const uploaded = urls.filter(
        (url): url is string => typeof url === 'string' && !SAMPLE_IMAGE.test(url),
      );
      if (uploaded.length === 0) return true;
      return (await repo.markUsed(tx, owner.sub, [...new Set(uploaded)], new Date(now()))).length === 0;
    },

    /**
     * Removes uploads nobody used within UPLOAD_QUOTA.unusedKeptHours, rows first, then their files;
     * and files a crash left half-received.
     */
    async sweepUnused(): Promise<number> {
      const cutoff = new Date(now() - UPLOAD_QUOTA.unusedKeptHours * HOUR_MS);
      await files.discardReceivedBefore(now() - RECEIVED_KEPT_MS);
      let removed = 0;
      for (;;) {
        const batch = await repo.deleteUnusedBefore(db, cutoff, SWEEP_BATCH);
        for (const upload of batch) {
          await files.remove(upload.url);
          if (upload.thumbnailUrl) await files.remove(upload.thumbnailUrl);
        }
        removed += batch.length;
        if (batch.length < SWEEP_BATCH) return removed;
      }
    },
  };
}
