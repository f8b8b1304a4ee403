import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { YOUNG_ACCOUNT_MS, isYoungAccount } from '@sokoni/contracts/standing';
import {
  COURSE_MEDIA_QUOTA,
  UPLOAD_DAILY,
  UPLOAD_MESSAGES,
  UPLOAD_QUOTA,
  thumbnailAddressOf,
  type UploadFolder,
  type UploadResponse,
} from '@sokoni/contracts/uploads';
import type { Db } from '../../db/client.js';
import {
  AppError,
  badRequest,
  payloadTooLarge,
  tooManyRequests,
  unsupportedMediaType,
} from '../../lib/errors.js';
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
/** The site has taken what it takes in a day: Insufficient Storage, like a full disk, for everyone alike. */
const dailySiteFull = (message: string) => new AppError('UPLOAD_DAILY_SITE', message, 507);
const typeNotAllowed = (filename: string) =>
  unsupportedMediaType(UPLOAD_MESSAGES.typeNotAllowed(filename), 'FILE_TYPE_NOT_ALLOWED');

type Upload = { filename: string; bytes: Buffer };
/** A large upload, already received onto the disk (FileStore.receive). */
export type ReceivedUpload = { filename: string; file: TemporaryFile };
/** Room taken for a lesson file before it is received: a record at an address no file is served from. */
export type Reservation = { url: string };
/** GET /course-media/{file} serves .mp4, .webm and .pdf only. */
const RESERVED_EXTENSION = 'part';
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
  // pdf-lib (a megabyte of code) is loaded with the first PDF.
  const { PDFDocument } = await import('pdf-lib');
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
 * Every upload is checked by its bytes, counted against its owner's quota, the day's bounds and the
 * disk's free space before it is kept, and recorded with its owner; listings, posts and lessons claim
 * the uploads they use, and what nobody claimed within a day is swept away with its files.
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
   * Checks every bound an upload of `bytes` must stay within (docs/decisions/0015) and records it,
   * holding the bounds it counts against (its owner's, for a new account its network's, the site's)
   * until the record is written, so uploads at the same moment cannot pass a bound together. Its
   * files are not on the disk yet: the free space must take them.
   */
  async function admit(
    owner: AuthUser,
    upload: Omit<repo.NewUpload, 'ownerId' | 'createdAt'>,
  ): Promise<void> {
    const quota = quotaOf(upload.kind);
    const at = now();
    await db.transaction(async (tx) => {
      const uploader = await repo.findUploader(tx, owner.sub);
      const young = !uploader || isYoungAccount(uploader.createdAt, at);
      const network = young ? (uploader?.signupNetwork ?? null) : null;
      await repo.lockBounds(tx, [
        `uploads:${owner.sub}`,
        ...(network ? [`uploads-network:${network}`] : []),
        'uploads-site',
      ]);
      const usage = await repo.findUsage(tx, owner.sub, quota.kinds);
      if (usage.unused + upload.bytes > quota.unusedBytes) {
        throw payloadTooLarge(quota.unusedMessage, 'UPLOAD_QUOTA_UNUSED');
      }
      if (usage.total + upload.bytes > quota.totalBytes) {
        throw payloadTooLarge(quota.totalMessage, 'UPLOAD_QUOTA_TOTAL');
      }
      const today = await repo.findDailyUsage(tx, {
        ownerId: owner.sub,
        network,
        since: new Date(at - UPLOAD_DAILY.windowHours * HOUR_MS),
        youngSince: new Date(at - YOUNG_ACCOUNT_MS),
      });
      const over = (used: number, bound: number) => used + upload.bytes > bound;
      if (over(today.account, young ? UPLOAD_DAILY.youngAccountBytes : UPLOAD_DAILY.accountBytes)) {
        const message = young ? UPLOAD_MESSAGES.dailyYoungAccount : UPLOAD_MESSAGES.dailyAccount;
        throw tooManyRequests(message, 'UPLOAD_DAILY_ACCOUNT');
      }
      if (young && over(today.youngNetwork, UPLOAD_DAILY.youngNetworkBytes)) {
        throw tooManyRequests(UPLOAD_MESSAGES.dailyNetwork, 'UPLOAD_DAILY_NETWORK');
      }
      if (over(today.site, UPLOAD_DAILY.siteBytes)) throw dailySiteFull(UPLOAD_MESSAGES.dailySite);
      if (young && over(today.youngSite, UPLOAD_DAILY.youngSiteBytes)) {
        throw dailySiteFull(UPLOAD_MESSAGES.dailyYoungSite);
      }
      // A lesson file is received onto this machine's disk first, whichever store keeps it.
      const free =
        upload.kind === 'course-media' ? await files.receivingFreeBytes() : await files.freeBytes();
      if (free - upload.bytes < deps.minFreeBytes) throw storageFull();
      await repo.insertUpload(tx, { ...upload, ownerId: owner.sub, createdAt: new Date(at) });
    });
  }

  /** Writes new files (an image and its thumbnail, a short video) under one record; all of them or none. */
  async function keepWritten(owner: AuthUser, kind: Kind, stored: File[]): Promise<void> {
    const [main, thumbnail] = stored as [File, File | undefined];
    const bytes = stored.reduce((sum, file) => sum + file.data.length, 0);
    await admit(owner, { kind, url: main.url, thumbnailUrl: thumbnail?.url ?? null, bytes });
    try {
      for (const file of stored) await files.write(file.url, file.data);
    } catch (error) {
      await Promise.all(stored.map((file) => files.remove(file.url)));
      await repo.deleteUpload(db, main.url);
      if (error instanceof StorageFullError) throw storageFull();
      throw error;
    }
  }

  /**
   * Moves a received lesson file to its private address and records it in place of its reservation,
   * with the size it has.
   */
  async function keepReceived(reservation: Reservation, upload: ReceivedUpload, extension: string) {
    const url = files.allocate(COURSE_MEDIA, extension);
    await repo.settleUpload(db, reservation.url, { url, bytes: upload.file.bytes });
    try {
      await files.adopt(url, upload.file);
    } catch (error) {
      await files.remove(url);
      await repo.deleteUpload(db, url);
      throw error;
    }
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

    /**
     * Room for a lesson file of at most `bytes`, taken before a byte of it is received: it counts
     * against every bound at once (a placeholder record, settled to the file's real size once it is
     * kept), so uploads sent together cannot pass a bound together, nor fill the disk while arriving.
     */
    async reserveLessonFile(owner: AuthUser, bytes: number): Promise<Reservation> {
      const url = files.allocate(COURSE_MEDIA, RESERVED_EXTENSION);
      await admit(owner, { kind: 'course-media', url, thumbnailUrl: null, bytes });
      return { url };
    },

    /** Gives back a reservation whose file was not kept (a kept one was settled and is not touched). */
    release: (reservation: Reservation): Promise<void> => repo.deleteUpload(db, reservation.url),

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
    async storeCourseVideo(reservation: Reservation, upload: ReceivedUpload): Promise<{ publicUrl: string }> {
      const type = withFileBytes(upload.file.path, inspectVideoContainer);
      if (!type) throw typeNotAllowed(upload.filename);
      return keepReceived(reservation, upload, type);
    },

    /**
     * A lesson's PDF, kept privately as sent when its bytes are a PDF that opens. Unlike a video it is
     * read whole (at most COURSE_PDF_MAX_BYTES): a PDF's parts are found from its end, not walked in order.
     */
    async storeCoursePdf(reservation: Reservation, upload: ReceivedUpload): Promise<{ publicUrl: string }> {
      const bytes = await readFile(upload.file.path);
      if (bytes.toString('latin1', 0, 5) !== '%PDF-') throw typeNotAllowed(upload.filename);
      if (!(await opensAsPdf(bytes))) {
        throw badRequest(UPLOAD_MESSAGES.unreadablePdf(upload.filename), 'UNREADABLE_PDF');
      }
      return keepReceived(reservation, upload, 'pdf');
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
