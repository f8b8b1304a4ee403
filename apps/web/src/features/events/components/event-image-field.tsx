import { useRef } from 'react';
import { IMAGE_TYPES } from '@sokoni/contracts/uploads';
import { buttonClasses } from '@/components/button';
import { fieldErrorId } from '@/components/field-frame';
import { UploadProgress } from '@/components/upload-progress';
import type { EventImageState } from '../hooks/use-event-image';

type EventImageFieldProps = {
  id: string;
  image: EventImageState;
  /** The form's word on the image ('Please upload an event image.', or the server's). */
  error: string | undefined;
  disabled: boolean;
};

/** The event's image: pick one (JPEG, PNG or WebP, 5 MB), see it and its upload's progress. */
export function EventImageField({ id, image, error, disabled }: EventImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = fieldErrorId(id);
  const message = image.error ?? error;
  const { chosen } = image;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Event image</legend>
      <p id={hintId} className="text-sm text-slate-600">
        JPEG, PNG or WebP, up to 5 MB. It is shown on the event&apos;s card and page.
      </p>
      <label
        htmlFor={id}
        className={buttonClasses(
          'secondary',
          `cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600 ${
            disabled ? 'pointer-events-none opacity-60' : ''
          }`,
        )}
      >
        {chosen ? 'Choose another image' : 'Choose image'}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${hintId} ${errorId}` : hintId}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) image.pick(file);
            // Cleared so picking the same file again still fires a change.
            event.target.value = '';
          }}
        />
      </label>
      {message ? (
        <p id={errorId} className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
      {chosen ? (
        <div className="relative max-w-sm overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          <img
            src={chosen.previewUrl}
            alt={`Preview: ${chosen.file.name}`}
            className="aspect-video w-full object-cover"
          />
          {image.progress === null ? (
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                image.remove();
                inputRef.current?.focus();
              }}
              aria-label={`Remove ${chosen.file.name}`}
              className="absolute top-1 right-1 flex size-9 items-center justify-center rounded-full bg-white/95 text-lg font-bold text-slate-800 shadow hover:bg-white hover:text-red-700 disabled:opacity-50"
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : (
            <UploadProgress
              label={`Uploading ${chosen.file.name}`}
              fraction={image.progress}
              className="absolute inset-x-2 bottom-2 bg-white/80 ring-1 ring-slate-300"
            />
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
