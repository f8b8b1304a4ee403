import { UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import { uploadFile } from '@/lib/upload-file';

/** POST /uploads/community-video (MP4 or WebM, up to 25 MB): answers the video's public url. */
export async function uploadCommunityVideo(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await uploadFile<{ publicUrl?: string } | undefined>('/uploads/community-video', form, {
    onProgress,
  });
  if (!answer?.publicUrl) throw new Error(UPLOAD_MESSAGES.uploadFailed);
  return answer.publicUrl;
}
