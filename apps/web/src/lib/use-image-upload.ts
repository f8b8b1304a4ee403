import { useEffect, useRef, useState } from 'react';
import { UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import type { ImageUploadRoute } from '@sokoni/contracts/uploads';
import { errorMessage } from './api-client';
import { checkImageFile } from './image-file';
import { uploadImage } from './upload-image';

/** What the field shows: the stored image, or the picked file's preview (an object URL). */
export type ShownImage = { src: string; fileName: string | null };

type ImageUploadOptions = {
  /** Where the image goes: POST /uploads/{route} ('event-image', 'course-image', …). */
  route: ImageUploadRoute;
  /** The stored image to begin with, '' for none. */
  initialUrl?: string;
  /** Told the image's address, and '' whenever there is none (removed, still uploading, failed). */
  onChange: (url: string) => void;
};

/**
 * One image of a form: the stored one to begin with, or a picked file, checked (type, size) and
 * uploaded at once with its progress shown, so the form only waits for it if its author is faster
 * than the upload. A refused file leaves the image there was.
 */
export function useImageUpload({ route, initialUrl = '', onChange }: ImageUploadOptions) {
  const [shown, setShown] = useState<ShownImage | null>(
    initialUrl ? { src: initialUrl, fileName: null } : null,
  );
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

  const replace = (next: ShownImage | null) => {
    uploadRef.current?.abort();
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = next?.src.startsWith('blob:') ? next.src : null;
    setShown(next);
    setProgress(null);
    onChange('');
  };

  return {
    shown,
    progress,
    error,
    uploading: progress !== null,
    pick(file: File) {
      const problem = checkImageFile(file);
      if (problem) {
        setError(problem);
        return;
      }
      replace({ src: URL.createObjectURL(file), fileName: file.name });
      setError(null);
      const controller = new AbortController();
      uploadRef.current = controller;
      setProgress(0);
      uploadImage(route, file, { onProgress: setProgress, signal: controller.signal }).then(
        (url) => {
          if (controller.signal.aborted) return;
          setProgress(null);
          onChange(url);
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

export type ImageUploadState = ReturnType<typeof useImageUpload>;
