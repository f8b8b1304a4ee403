import { UPLOAD_MESSAGES, type UploadFolder, type UploadResponse } from '@sokoni/contracts/uploads';
import { badRequest, unsupportedMediaType } from '../../lib/errors.js';
import type { FileStore } from './file-store.js';
import { sniffImageType, sniffVideoType, toWebp } from './image-processing.js';

export type UploadsService = ReturnType<typeof createUploadsService>;

export function createUploadsService({ files }: { files: FileStore }) {
  return {
    /** Checks the bytes, re-encodes to WebP without metadata, stores the image and its thumbnail. */
    async storeImage(
      folder: UploadFolder,
      upload: { filename: string; bytes: Buffer },
    ): Promise<UploadResponse> {
      if (!sniffImageType(upload.bytes)) {
        throw unsupportedMediaType(UPLOAD_MESSAGES.typeNotAllowed(upload.filename), 'FILE_TYPE_NOT_ALLOWED');
      }
      let encoded: Awaited<ReturnType<typeof toWebp>>;
      try {
        encoded = await toWebp(upload.bytes);
      } catch {
        throw badRequest(UPLOAD_MESSAGES.unreadableImage(upload.filename), 'UNREADABLE_IMAGE');
      }
      const [publicUrl, thumbnailUrl] = await Promise.all([
        files.save(folder, 'webp', encoded.image),
        files.save(folder, 'webp', encoded.thumbnail),
      ]);
      return { publicUrl, thumbnailUrl };
    },

    /** Videos are kept as sent (MP4 or WebM, by their bytes); they are served with their own type. */
    async storeVideo(upload: { filename: string; bytes: Buffer }): Promise<{ publicUrl: string }> {
      const type = sniffVideoType(upload.bytes);
      if (!type)
        throw unsupportedMediaType(UPLOAD_MESSAGES.typeNotAllowed(upload.filename), 'FILE_TYPE_NOT_ALLOWED');
      return { publicUrl: await files.save('community', type, upload.bytes) };
    },
  };
}
