import { useEffect, useRef, useState } from 'react';
import { uploadCommunityImage } from '../api/upload-community-image';
import { uploadCommunityVideo } from '../api/upload-community-video';
import { checkAttachment } from '../lib/attachment';
import type { AttachmentKind } from '../lib/attachment';

export type ChosenAttachment = { file: File; kind: AttachmentKind; previewUrl: string };
export type UploadedAttachment = { image?: string; video?: string };

/** One image or video for a thread or reply: checks, preview, upload with progress. */
export function useAttachment(notMediaMessage: string) {
  const [chosen, setChosen] = useState<ChosenAttachment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const previewRef = useRef<string | null>(null);

  useEffect(() => {
    previewRef.current = chosen?.previewUrl ?? null;
  }, [chosen]);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const replace = (next: ChosenAttachment | null) => {
    if (chosen) URL.revokeObjectURL(chosen.previewUrl);
    setChosen(next);
    setProgress(null);
  };

  return {
    chosen,
    error,
    progress,
    /** Answers whether the file was taken; a refused one leaves nothing attached. */
    pick(file: File | undefined): boolean {
      if (!file) return false;
      const check = checkAttachment(file, notMediaMessage);
      if (check.error !== null) {
        replace(null);
        setError(check.error);
        return false;
      }
      replace({ file, kind: check.kind, previewUrl: URL.createObjectURL(file) });
      setError(null);
      return true;
    },
    clear() {
      replace(null);
      setError(null);
    },
    /** Uploads the chosen file (if any) and answers the field to send with the post. */
    async upload(): Promise<UploadedAttachment> {
      if (!chosen) return {};
      setProgress(0);
      try {
        if (chosen.kind === 'image') return { image: await uploadCommunityImage(chosen.file, setProgress) };
        return { video: await uploadCommunityVideo(chosen.file, setProgress) };
      } catch (uploadError) {
        setProgress(null);
        throw uploadError;
      }
    },
  };
}

export type AttachmentState = ReturnType<typeof useAttachment>;
