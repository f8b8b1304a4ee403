import { uploadFile } from '@/lib/upload-file';
import { LESSON_FILE_RULES } from '../lib/lesson-file';
import type { LessonFileKind } from '../lib/lesson-file';

type UploadOptions = { onProgress?: (fraction: number) => void; signal?: AbortSignal };

export const LESSON_UPLOAD_FAILED = 'The file could not be uploaded. Please try again.';

/**
 * POST /uploads/course-video or /uploads/course-pdf: answers the stored file's address
 * ('/api/course-media/<name>.mp4'), private to the course's learners and instructor.
 */
export async function uploadLessonFile(
  kind: LessonFileKind,
  file: File,
  options: UploadOptions = {},
): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await uploadFile<{ publicUrl?: string } | undefined>(
    LESSON_FILE_RULES[kind].route,
    form,
    options,
  );
  if (!answer?.publicUrl) throw new Error(LESSON_UPLOAD_FAILED);
  return answer.publicUrl;
}
