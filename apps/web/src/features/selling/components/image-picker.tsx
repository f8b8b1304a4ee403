import { useRef } from 'react';
import { IMAGE_TYPES, PRODUCT_IMAGES_MAX } from '@sokoni/contracts/uploads';
import { UploadProgress } from '@/components/upload-progress';
import type { ChosenImage } from '../hooks/use-image-selection';
import { fieldErrorId } from '@/components/field-frame';
import { FilePickButton } from '@/components/file-pick-button';

type ImagePickerProps = {
  id: string;
  images: ChosenImage[];
  /** Per-file messages from the last pick, and the server's message about images. */
  errors: string[];
  disabled: boolean;
  onPick: (files: File[]) => void;
  onRemove: (id: string) => void;
};

/** Up to 8 photos: JPEG, PNG or WebP, 5 MB each, checked here before anything is sent. */
export function ImagePicker({ id, images, errors, disabled, onPick, onRemove }: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = fieldErrorId(id);
  const full = images.length >= PRODUCT_IMAGES_MAX;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Images</legend>
      <p id={hintId} className="text-sm text-slate-600">
        JPEG, PNG or WebP, up to 5 MB each; at most {PRODUCT_IMAGES_MAX} images. The first is the cover.
      </p>
      <div>
        <FilePickButton
          id={id}
          accept={IMAGE_TYPES}
          multiple
          disabled={disabled || full}
          invalid={errors.length > 0}
          describedBy={errors.length ? `${hintId} ${errorId}` : hintId}
          onPick={onPick}
          inputRef={inputRef}
        >
          Add images
        </FilePickButton>
        <span className="ml-3 text-sm text-slate-600">
          {images.length} of {PRODUCT_IMAGES_MAX} chosen
        </span>
      </div>
      {errors.length ? (
        <ul id={errorId} className="space-y-1 text-sm text-red-700">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {images.length ? (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label="Chosen images">
          {images.map((image, index) => (
            <li
              key={image.id}
              className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
            >
              <img
                src={image.previewUrl}
                alt={`Preview ${index + 1}: ${image.file.name}`}
                className="aspect-square w-full object-cover"
              />
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  onRemove(image.id);
                  inputRef.current?.focus();
                }}
                aria-label={`Remove ${image.file.name}`}
                className="absolute top-1 right-1 flex size-9 items-center justify-center rounded-full bg-white/95 text-lg font-bold text-slate-800 shadow hover:bg-white hover:text-red-700 disabled:opacity-50"
              >
                <span aria-hidden="true">×</span>
              </button>
              {image.progress === null ? null : (
                <UploadProgress
                  label={`Uploading ${image.file.name}`}
                  fraction={image.progress}
                  className="absolute inset-x-2 bottom-2 bg-white/80 ring-1 ring-slate-300"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
