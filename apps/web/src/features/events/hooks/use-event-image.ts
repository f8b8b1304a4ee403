import { useEffect, useRef, useState } from 'react';
import { UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import { errorMessage } from '@/lib/api-client';
import { checkImageFile } from '@/lib/image-file';
import { uploadImage } from '@/lib/upload-image';

export type ChosenEventImage = { file: File; previewUrl: string };

/**
 * The event's one image: checked when picked, then uploaded at once with its progress shown, so
 * the form only waits for it if the organizer is faster than the upload. `onUploaded` is told the
 * image's url, and '' whenever there is none (nothing chosen, still uploading, failed).
 */
export function useEventImage(onUploaded: (url: string) => void) {
  const [chosen, setChosen] = useState<ChosenEventImage | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploadRef = useRef<AbortController | null>(null);
  const previewRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      uploadRef.current?.abort();
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const replace = (next: ChosenEventImage | null) => {
    uploadRef.current?.abort();
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = next?.previewUrl ?? null;
    setChosen(next);
    setProgress(null);
    onUploaded('');
  };

  return {
    chosen,
    progress,
    error,
    uploading: progress !== null,
    pick(file: File) {
      const problem = checkImageFile(file);
      if (problem) {
        replace(null);
        setError(problem);
        return;
      }
      replace({ file, previewUrl: URL.createObjectURL(file) });
      setError(null);
      const controller = new AbortController();
      uploadRef.current = controller;
      setProgress(0);
      uploadImage('event-image', file, { onProgress: setProgress, signal: controller.signal }).then(
        (url) => {
          if (controller.signal.aborted) return;
          setProgress(null);
          onUploaded(url);
        },
        (uploadError: unknown) => {
          if (controller.signal.aborted) return;
          replace(null);
          setError(errorMessage(uploadError, UPLOAD_MESSAGES.uploadFailed));
        },
      );
    },
    remove() {
      replace(null);
      setError(null);
    },
  };
}

export type EventImageState = ReturnType<typeof useEventImage>;
