import { IMAGE_UPLOAD_ROUTES, UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import type { UploadResponse } from '@sokoni/contracts/uploads';
import { uploadFile } from '@/lib/upload-file';

/** POST /uploads/community-image: answers the stored image's public url. */
export async function uploadCommunityImage(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const form = new FormData();
  // The folder goes first: the server reads fields before the file part.
  form.append('folder', IMAGE_UPLOAD_ROUTES['community-image']);
  form.append('file', file, file.name);
  const answer = await uploadFile<Partial<UploadResponse> | undefined>('/uploads/community-image', form, {
    onProgress,
  });
  if (!answer?.publicUrl) throw new Error(UPLOAD_MESSAGES.uploadFailed);
  return answer.publicUrl;
}
