import { useRef } from 'react';
import { Button } from '@/components/button';
import type { AttachmentState } from '../hooks/use-attachment';
import { fieldErrorId } from '@/components/field-frame';

type AttachmentPickerProps = {
  id: string;
  attachment: AttachmentState;
  disabled?: boolean;
};

/** One image or video: a file input, the picked file's preview, its upload progress. */
export function AttachmentPicker({ id, attachment, disabled = false }: AttachmentPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { chosen, error, progress } = attachment;
  const errorId = fieldErrorId(id);

  const clear = () => {
    attachment.clear();
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Attachment (image or video, optional)
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*,video/*"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          if (!attachment.pick(event.target.files?.[0])) event.target.value = '';
        }}
        className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-10 file:rounded-lg file:border-0 file:bg-emerald-50 file:px-4 file:font-semibold file:text-emerald-800 hover:file:bg-emerald-100"
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {chosen ? (
        <div className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
          {chosen.kind === 'image' ? (
            <img
              src={chosen.previewUrl}
              alt={`Preview: ${chosen.file.name}`}
              className="max-h-40 max-w-full rounded-lg object-contain"
            />
          ) : (
            <video
              src={chosen.previewUrl}
              controls
              preload="metadata"
              aria-label={`Preview: ${chosen.file.name}`}
              className="max-h-48 max-w-full rounded-lg"
            />
          )}
          <div className="min-w-0 flex-1 space-y-2">
            <p className="truncate text-sm text-slate-700">{chosen.file.name}</p>
            {progress !== null ? (
              <div
                role="progressbar"
                aria-label={`Uploading ${chosen.file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-emerald-600" style={{ width: `${Math.round(progress * 100)}%` }} />
              </div>
            ) : (
              <Button variant="ghost" className="min-h-9 px-2" onClick={clear} disabled={disabled}>
                Remove attachment
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
