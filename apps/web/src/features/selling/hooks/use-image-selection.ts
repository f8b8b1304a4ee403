import { useEffect, useRef, useState } from 'react';
import { sortPickedImages } from '../lib/image-checks';

export type ChosenImage = {
  id: string;
  file: File;
  /** An object URL for the preview, revoked when the image leaves the form. */
  previewUrl: string;
  /** Share of the upload sent, 0 to 1; null before uploading starts. */
  progress: number | null;
  /** Kept after a successful upload so a retry after a failed listing does not send it again. */
  uploadedUrl: string | null;
};

let nextImageId = 0;

/** The images a seller has picked: previews, per-file errors, upload progress. */
export function useImageSelection() {
  const [images, setImages] = useState<ChosenImage[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const imagesRef = useRef(images);

  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  useEffect(() => () => imagesRef.current.forEach((image) => URL.revokeObjectURL(image.previewUrl)), []);

  const update = (id: string, change: Partial<ChosenImage>) =>
    setImages((current) => current.map((image) => (image.id === id ? { ...image, ...change } : image)));

  return {
    images,
    errors,
    pick(files: File[]) {
      const { accepted, errors: refused } = sortPickedImages(files, images.length);
      const added = accepted.map((file) => ({
        id: `image-${(nextImageId += 1)}`,
        file,
        previewUrl: URL.createObjectURL(file),
        progress: null,
        uploadedUrl: null,
      }));
      setImages((current) => [...current, ...added]);
      setErrors(refused);
    },
    remove(id: string) {
      const image = images.find((candidate) => candidate.id === id);
      if (image) URL.revokeObjectURL(image.previewUrl);
      setImages((current) => current.filter((candidate) => candidate.id !== id));
      setErrors([]);
    },
    setProgress: (id: string, progress: number) => update(id, { progress }),
    markUploaded: (id: string, uploadedUrl: string) => update(id, { uploadedUrl, progress: 1 }),
    /** After a failed upload: images not yet stored go back to waiting. */
    resetPendingProgress: () =>
      setImages((current) =>
        current.map((image) => (image.uploadedUrl ? image : { ...image, progress: null })),
      ),
    clear() {
      images.forEach((image) => URL.revokeObjectURL(image.previewUrl));
      setImages([]);
      setErrors([]);
    },
  };
}
