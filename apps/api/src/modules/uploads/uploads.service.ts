import {
  UPLOAD_MESSAGES,
  UPLOAD_QUOTA,
  type UploadFolder,
  type UploadResponse,
} from '@sokoni/contracts/uploads';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/tokens.js';
import { StorageFullError, type FileStore } from './file-store.js';
import { sniffImageType, toWebp } from './image-processing.js';
import * as repo from './uploads.repository.js';
import { inspectVideoContainer } from './video-container.js';
import { systemClock, type Clock } from '../../lib/clock.js';

const HOUR_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 200;
/** Sample images belong to the demo data, not to an upload of anyone's. */
const SAMPLE_IMAGE = /^\/api\/uploads\/sample\//;

const storageFull = () => new AppError('STORAGE_FULL', UPLOAD_MESSAGES.storageFull, 507);

type Upload = { filename: string; bytes: Buffer };
type File = { url: string; data: Buffer };

export type UploadsService = ReturnType<typeof createUploadsService>;

/**
 * Every upload is checked by its bytes, counted against its owner's quota and the disk's free space
 * before it is written, and recorded with its owner; listings and posts claim the uploads they use,
 * and what nobody claimed within a day is swept away with its files.
 */
export function createUploadsService(deps: {
  db: Db;
  files: FileStore;
  minFreeBytes: number;
  clock?: Clock;
}) {
  const { db, files } = deps;
  const { now } = deps.clock ?? systemClock;

  /** Reserves room for the files under the owner's quota, then writes them; all of them or none. */
  async function keep(owner: AuthUser, kind: 'image' | 'video', stored: File[]): Promise<void> {
    const bytes = stored.reduce((sum, file) => sum + file.data.length, 0);
    const [main, thumbnail] = stored as [File, File | undefined];
    await db.transaction(async (tx) => {
      await repo.lockOwner(tx, owner.sub);
      const usage = await repo.findUsage(tx, owner.sub);
      if (usage.unused + bytes > UPLOAD_QUOTA.unusedBytes) {
        throw payloadTooLarge(UPLOAD_MESSAGES.unusedQuota, 'UPLOAD_QUOTA_UNUSED');
      }
      if (usage.total + bytes > UPLOAD_QUOTA.totalBytes) {
        throw payloadTooLarge(UPLOAD_MESSAGES.totalQuota, 'UPLOAD_QUOTA_TOTAL');
      }
      if ((await files.freeBytes()) - bytes < deps.minFreeBytes) throw storageFull();
      await repo.insertUpload(tx, {
        ownerId: owner.sub,
        url: main.url,
        thumbnailUrl: thumbnail?.url ?? null,
        kind,
        bytes,
        createdAt: new Date(now()),
      });
    });
    try {
      for (const file of stored) await files.write(file.url, file.data);
    } catch (error) {
      await Promise.all(stored.map((file) => files.remove(file.url)));
      await repo.deleteUpload(db, main.url);
      if (error instanceof StorageFullError) throw storageFull();
      throw error;
    }
  }

  return {
    /** Checks the bytes, re-encodes to WebP without metadata, stores the image and its thumbnail. */
    async storeImage(owner: AuthUser, folder: UploadFolder, upload: Upload): Promise<UploadResponse> {
      if (!sniffImageType(upload.bytes)) {
        throw unsupportedMediaType(UPLOAD_MESSAGES.typeNotAllowed(upload.filename), 'FILE_TYPE_NOT_ALLOWED');
      }
      let encoded: Awaited<ReturnType<typeof toWebp>>;
      try {
        encoded = await toWebp(upload.bytes);
      } catch {
        throw badRequest(UPLOAD_MESSAGES.unreadableImage(upload.filename), 'UNREADABLE_IMAGE');
      }
      const image = { url: files.allocate(folder, 'webp'), data: encoded.image };
      const thumbnail = { url: files.allocate(folder, 'webp'), data: encoded.thumbnail };
      await keep(owner, 'image', [image, thumbnail]);
      return { publicUrl: image.url, thumbnailUrl: thumbnail.url };
    },

    /** A video is kept as sent when the whole file is a well-formed MP4 or WebM container. */
    async storeVideo(owner: AuthUser, upload: Upload): Promise<{ publicUrl: string }> {
      const type = inspectVideoContainer(upload.bytes);
      if (!type) {
        throw unsupportedMediaType(UPLOAD_MESSAGES.typeNotAllowed(upload.filename), 'FILE_TYPE_NOT_ALLOWED');
      }
      const video = { url: files.allocate('community', type), data: upload.bytes };
      await keep(owner, 'video', [video]);
      return { publicUrl: video.url };
    },

    /**
     * A listing or a post takes these files: each must be the caller's own upload (or a sample
     * image); it is then kept for good. Runs in the caller's transaction. Answers false, changing
     * nothing the caller keeps, when one of them is not.
     */
    async claim(tx: Db, owner: AuthUser, urls: Array<string | null | undefined>): Promise<boolean> {
      const uploaded = urls.filter(
        (url): url is string => typeof url === 'string' && !SAMPLE_IMAGE.test(url),
      );
      if (uploaded.length === 0) return true;
      return (await repo.markUsed(tx, owner.sub, [...new Set(uploaded)], new Date(now()))).length === 0;
    },

    /** Removes uploads nobody used within UPLOAD_QUOTA.unusedKeptHours, rows first, then their files. */
    async sweepUnused(): Promise<number> {
      const cutoff = new Date(now() - UPLOAD_QUOTA.unusedKeptHours * HOUR_MS);
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
