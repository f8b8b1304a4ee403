import { useEffect, useRef, useState } from 'react';
import { STAY_IMAGES_MAX, STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import { errorMessage } from '@/lib/api-client';
import { checkImageFile } from '@/lib/image-file';
import { uploadImage } from '@/lib/upload-image';

export type ListingPhoto = {
  key: string;
  /** The stored photo's url; null while it uploads. */
  url: string | null;
  /** What the preview shows: the stored photo, or the picked file (an object URL). */
  src: string;
  /** The picked file's name; null for a photo the listing already had. */
  fileName: string | null;
  /** Share of the upload sent, 0 to 1. */
  progress: number;
};

let lastPhotoKey = 0;
const nextPhotoKey = () => `photo-${(lastPhotoKey += 1)}`;

const storedUrls = (photos: readonly ListingPhoto[]) =>
  photos.flatMap((photo) => (photo.url ? [photo.url] : []));
const isPreview = (photo: ListingPhoto) => photo.src.startsWith('blob:');

/**
 * A listing's photos in order, the first being the cover: those it has, and picked ones, each
 * checked (type, size, at most 12 in all) and uploaded at once into 'stays' with its progress
 * shown, so the form only waits if the host is faster than the uploads. `onChange` is told the
 * stored photos' urls in order whenever they change.
 */
export function useListingPhotos(initialUrls: readonly string[], onChange: (urls: string[]) => void) {
  const [photos, setPhotos] = useState<ListingPhoto[]>(() =>
    initialUrls.map((url) => ({ key: nextPhotoKey(), url, src: url, fileName: null, progress: 1 })),
  );
  const [errors, setErrors] = useState<string[]>([]);
  // Uploads finish one at a time, each after some other change: they build on the latest list.
  const photosRef = useRef(photos);
  const uploadsRef = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const uploads = uploadsRef.current;
    return () => {
      for (const controller of uploads.values()) controller.abort();
      for (const photo of photosRef.current) if (isPreview(photo)) URL.revokeObjectURL(photo.src);
    };
  }, []);

  const commit = (next: ListingPhoto[]) => {
    const before = storedUrls(photosRef.current).join('\n');
    photosRef.current = next;
    setPhotos(next);
    if (storedUrls(next).join('\n') !== before) onChange(storedUrls(next));
  };
  const update = (key: string, change: Partial<ListingPhoto>) =>
    commit(photosRef.current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));
  const drop = (key: string) => {
    uploadsRef.current.get(key)?.abort();
    uploadsRef.current.delete(key);
    const photo = photosRef.current.find((candidate) => candidate.key === key);
    if (photo && isPreview(photo)) URL.revokeObjectURL(photo.src);
    commit(photosRef.current.filter((candidate) => candidate.key !== key));
  };

  const upload = (key: string, file: File) => {
    const controller = new AbortController();
    uploadsRef.current.set(key, controller);
    const onProgress = (progress: number) => {
      if (!controller.signal.aborted) update(key, { progress });
    };
    uploadImage('stay-image', file, { onProgress, signal: controller.signal }).then(
      (url) => {
        if (controller.signal.aborted) return;
        uploadsRef.current.delete(key);
        update(key, { url, progress: 1 });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        drop(key);
        const message = errorMessage(error, UPLOAD_MESSAGES.uploadFailed);
        setErrors((current) => (current.includes(message) ? current : [...current, message]));
      },
    );
  };

  return {
    photos,
    /** Why picked files were refused or failed to upload. */
    errors,
    uploading: photos.some((photo) => photo.url === null),
    full: photos.length >= STAY_IMAGES_MAX,
    pick(files: readonly File[]) {
      const refused: string[] = [];
      const accepted: File[] = [];
      let overLimit = false;
      for (const file of files) {
        const problem = checkImageFile(file);
        if (problem) refused.push(problem);
        else if (photosRef.current.length + accepted.length >= STAY_IMAGES_MAX) overLimit = true;
        else accepted.push(file);
      }
      if (overLimit) refused.push(STAY_MESSAGES.tooManyImages);
      setErrors(refused);
      const added = accepted.map((file) => ({
        key: nextPhotoKey(),
        url: null,
        src: URL.createObjectURL(file),
        fileName: file.name,
        progress: 0,
      }));
      commit([...photosRef.current, ...added]);
      added.forEach((photo, index) => upload(photo.key, accepted[index]!));
    },
    remove(key: string) {
      drop(key);
      setErrors([]);
    },
    /** Moves a photo one place earlier (-1) or later (+1); the first is the cover. */
    move(key: string, offset: -1 | 1) {
      const next = [...photosRef.current];
      const from = next.findIndex((photo) => photo.key === key);
      const to = from + offset;
      if (from < 0 || to < 0 || to >= next.length) return;
      [next[from], next[to]] = [next[to]!, next[from]!];
      commit(next);
    },
  };
}

export type ListingPhotos = ReturnType<typeof useListingPhotos>;
