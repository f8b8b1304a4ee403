import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { LESSON_UPLOAD_FAILED, uploadLessonFile } from '../api/upload-lesson-file';
import { checkLessonFile } from '../lib/lesson-file';
import type { LessonFileKind } from '../lib/lesson-file';

/**
 * A lesson's video or PDF: checked when picked (type, size), then uploaded at once with its
 * progress shown. `onUploaded` is told the stored file's address.
 */
export function useLessonFile(onUploaded: (url: string) => void) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploadRef = useRef<AbortController | null>(null);

  useEffect(() => () => uploadRef.current?.abort(), []);

  const cancel = () => {
    uploadRef.current?.abort();
    uploadRef.current = null;
    setProgress(null);
  };

  return {
    /** The last file picked (uploading or uploaded). */
    fileName,
    progress,
    error,
    uploading: progress !== null,
    pick(kind: LessonFileKind, file: File) {
      cancel();
      const problem = checkLessonFile(kind, file);
      setError(problem);
      setFileName(problem ? null : file.name);
      if (problem) return;
      const controller = new AbortController();
      uploadRef.current = controller;
      setProgress(0);
      uploadLessonFile(kind, file, { onProgress: setProgress, signal: controller.signal }).then(
        (url) => {
          if (controller.signal.aborted) return;
          setProgress(null);
          onUploaded(url);
        },
        (uploadError: unknown) => {
          if (controller.signal.aborted) return;
          setProgress(null);
          setFileName(null);
          setError(errorMessage(uploadError, LESSON_UPLOAD_FAILED));
        },
      );
    },
    /** Stops an upload under way and forgets the file (the lesson's type changed). */
    reset() {
      cancel();
      setFileName(null);
      setError(null);
    },
  };
}

export type LessonFileState = ReturnType<typeof useLessonFile>;
