import { useRef } from 'react';
import { IMAGE_TYPES } from '@sokoni/contracts/uploads';
import { fieldErrorId } from '@/components/field-frame';
import { FilePickButton } from '@/components/file-pick-button';
import { UploadProgress } from '@/components/upload-progress';
import type { ImageUploadState } from '@/lib/use-image-upload';

type ImageUploadFieldProps = {
  id: string;
  legend: string;
  hint: string;
  /** What the image is, for its buttons: 'Choose {noun}', 'Choose another {noun}'. */
  noun: string;
  image: ImageUploadState;
  /** The form's word on the image ('Please upload an event image.', or the server's). */
  error: string | undefined;
  disabled: boolean;
  /** 'landscape' shows the image 16:9; 'round', a round thumbnail for an avatar. */
  shape?: 'landscape' | 'round';
};

/** A form's one image: pick one (JPEG, PNG or WebP, 5 MB), see it and its upload's progress, remove it. */
export function ImageUploadField({
  id,
  legend,
  hint,
  noun,
  image,
  error,
  disabled,
  shape = 'landscape',
}: ImageUploadFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = fieldErrorId(id);
  const message = image.error ?? error;
  const { shown } = image;
  const name = shown?.fileName ?? noun;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {hint}
      </p>
      <FilePickButton
        id={id}
        accept={IMAGE_TYPES}
        disabled={disabled}
        invalid={Boolean(message)}
        describedBy={message ? `${hintId} ${errorId}` : hintId}
        onPick={([file]) => {
          if (file) image.pick(file);
        }}
        inputRef={inputRef}
      >
        {shown ? `Choose another ${noun}` : `Choose ${noun}`}
      </FilePickButton>
      {message ? (
        <p id={errorId} className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
      {shown ? (
        <div
          className={`relative overflow-hidden border border-slate-200 bg-slate-50 ${
            shape === 'round' ? 'size-28 rounded-full' : 'max-w-sm rounded-xl'
          }`}
        >
          <img
            src={shown.src}
            alt={`Preview: ${name}`}
            className={`w-full object-cover ${shape === 'round' ? 'h-full' : 'aspect-video'}`}
          />
          {image.progress === null ? (
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                image.remove();
                inputRef.current?.focus();
              }}
              aria-label={`Remove ${name}`}
              className={`absolute flex size-11 items-center justify-center rounded-full bg-white/95 text-lg font-bold text-slate-800 shadow hover:bg-white hover:text-red-700 disabled:opacity-50 ${
                shape === 'round' ? 'right-0 bottom-0' : 'top-1 right-1'
              }`}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : (
            <UploadProgress
              label={`Uploading ${name}`}
              fraction={image.progress}
              className="absolute inset-x-2 bottom-2 bg-white/80 ring-1 ring-slate-300"
            />
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
