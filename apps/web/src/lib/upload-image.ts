import { IMAGE_UPLOAD_ROUTES, UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import type { ImageUploadRoute, UploadResponse } from '@sokoni/contracts/uploads';
import { uploadFile } from './upload-file';

/** An upload that answered without a url: spec §8 'Image upload failed'. */
export class MissingUploadUrlError extends Error {
  constructor() {
    super(UPLOAD_MESSAGES.uploadFailed);
    this.name = 'MissingUploadUrlError';
  }
}

type UploadImageOptions = {
  /** Told the share of the file sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * POST /uploads/{route} (product-image, event-image, …) into the route's own folder: answers the
 * stored image's public url.
 */
export async function uploadImage(
  route: ImageUploadRoute,
  file: File,
  { onProgress, signal }: UploadImageOptions = {},
): Promise<string> {
  const form = new FormData();
  // The folder goes first: the server reads fields before the file part.
  form.append('folder', IMAGE_UPLOAD_ROUTES[route]);
  form.append('file', file, file.name);
  const answer = await uploadFile<Partial<UploadResponse> | undefined>(`/uploads/${route}`, form, {
    onProgress,
    signal,
  });
  if (!answer?.publicUrl) throw new MissingUploadUrlError();
  return answer.publicUrl;
}
