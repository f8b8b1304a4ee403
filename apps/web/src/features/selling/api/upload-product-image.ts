import { IMAGE_UPLOAD_ROUTES } from '@sokoni/contracts/uploads';
import type { UploadResponse } from '@sokoni/contracts/uploads';
import { uploadFile } from '@/lib/upload-file';
import { MissingUploadUrlError } from '../lib/sell-form';

/** POST /uploads/product-image: answers the stored image's public url. */
export async function uploadProductImage(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const form = new FormData();
  // The folder goes first: the server reads fields before the file part.
  form.append('folder', IMAGE_UPLOAD_ROUTES['product-image']);
  form.append('file', file, file.name);
  const answer = await uploadFile<Partial<UploadResponse> | undefined>('/uploads/product-image', form, {
    onProgress,
    signal,
  });
  if (!answer?.publicUrl) throw new MissingUploadUrlError();
  return answer.publicUrl;
}
