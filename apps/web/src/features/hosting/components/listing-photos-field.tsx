import { useRef } from 'react';
import { STAY_IMAGES_MAX } from '@sokoni/contracts/stays-rules';
import { IMAGE_TYPES } from '@sokoni/contracts/uploads';
import { fieldErrorId } from '@/components/field-frame';
import { FilePickButton } from '@/components/file-pick-button';
import { UploadProgress } from '@/components/upload-progress';
import type { ListingPhoto, ListingPhotos } from '../hooks/use-listing-photos';

type ListingPhotosFieldProps = {
  id: string;
  photos: ListingPhotos;
  /** The form's word on the photos ('Please add at least one photo of your place.', or the server's). */
  error: string | undefined;
  disabled: boolean;
};

const photoName = (photo: ListingPhoto, index: number) =>
  photo.fileName ? `photo ${index + 1} (${photo.fileName})` : `photo ${index + 1}`;

const toolClasses =
  'flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg font-bold text-slate-800 hover:bg-slate-50 disabled:opacity-40';

/** Up to 12 photos of the place, uploaded as they are picked; they can be removed and reordered. */
export function ListingPhotosField({ id, photos, error, disabled }: ListingPhotosFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = fieldErrorId(id);
  const messages = error ? [...photos.errors, error] : photos.errors;
  const list = photos.photos;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Photos</legend>
      <p id={hintId} className="text-sm text-slate-600">
        JPEG, PNG or WebP, up to 5 MB each; 1 to {STAY_IMAGES_MAX} photos. The first is the cover guests see
        first: move another one to the front to change it.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <FilePickButton
          id={id}
          accept={IMAGE_TYPES}
          multiple
          disabled={disabled || photos.full}
          invalid={messages.length > 0}
          describedBy={messages.length ? `${hintId} ${errorId}` : hintId}
          onPick={(files) => photos.pick(files)}
          inputRef={inputRef}
        >
          Add photos
        </FilePickButton>
        <span className="text-sm text-slate-600">
          {list.length} of {STAY_IMAGES_MAX} added
        </span>
      </div>
      {messages.length ? (
        <div id={errorId} className="space-y-1 text-sm text-red-700">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {list.length ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Your photos">
          {list.map((photo, index) => {
            const name = photoName(photo, index);
            return (
              <li
                key={photo.key}
                className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
                data-testid="listing-photo"
              >
                <div className="relative">
                  <img
                    src={photo.src}
                    alt={index === 0 ? `Cover: ${name}` : name}
                    className="aspect-[4/3] w-full object-cover"
                  />
                  {index === 0 ? (
                    <span className="absolute top-2 left-2 rounded-full bg-emerald-800 px-2 py-0.5 text-xs font-bold text-white">
                      Cover
                    </span>
                  ) : null}
                  {photo.url === null ? (
                    <UploadProgress
                      label={`Uploading ${photo.fileName ?? name}`}
                      fraction={photo.progress}
                      className="absolute inset-x-2 bottom-2 bg-white/80 ring-1 ring-slate-300"
                    />
                  ) : null}
                </div>
                <div className="flex justify-between gap-1 p-1.5">
                  <div className="flex gap-1">
                    <button
                      type="button"
                      className={toolClasses}
                      disabled={disabled || index === 0}
                      aria-label={`Move ${name} earlier`}
                      onClick={() => photos.move(photo.key, -1)}
                    >
                      <span aria-hidden="true">←</span>
                    </button>
                    <button
                      type="button"
                      className={toolClasses}
                      disabled={disabled || index === list.length - 1}
                      aria-label={`Move ${name} later`}
                      onClick={() => photos.move(photo.key, 1)}
                    >
                      <span aria-hidden="true">→</span>
                    </button>
                  </div>
                  <button
                    type="button"
                    className={`${toolClasses} hover:text-red-700`}
                    disabled={disabled}
                    aria-label={`Remove ${name}`}
                    onClick={() => {
                      photos.remove(photo.key);
                      inputRef.current?.focus();
                    }}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
    </fieldset>
  );
}
