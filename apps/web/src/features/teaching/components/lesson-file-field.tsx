import { fieldErrorId } from '@/components/field-frame';
import { FilePickButton } from '@/components/file-pick-button';
import { UploadProgress } from '@/components/upload-progress';
import type { LessonFileState } from '../hooks/use-lesson-file';
import { LESSON_FILE_RULES, megabytes } from '../lib/lesson-file';
import type { LessonFileKind } from '../lib/lesson-file';

type LessonFileFieldProps = {
  id: string;
  kind: LessonFileKind;
  file: LessonFileState;
  disabled: boolean;
};

const KIND_NAMES: Record<LessonFileKind, string> = { video: 'a video', pdf: 'a PDF' };

/** Uploads the lesson's video or PDF (checked by type and size first) with its progress. */
export function LessonFileField({ id, kind, file, disabled }: LessonFileFieldProps) {
  const rules = LESSON_FILE_RULES[kind];
  const hintId = `${id}-hint`;
  const errorId = fieldErrorId(id);
  return (
    <div className="space-y-2">
      <FilePickButton
        id={id}
        accept={rules.types}
        disabled={disabled || file.uploading}
        invalid={Boolean(file.error)}
        describedBy={file.error ? `${hintId} ${errorId}` : hintId}
        onPick={([picked]) => {
          if (picked) file.pick(kind, picked);
        }}
      >
        Upload {KIND_NAMES[kind]}
      </FilePickButton>
      <p id={hintId} className="text-sm text-slate-600">
        {rules.description}, up to {megabytes(rules.maxBytes)}. Only this course&apos;s learners can open it.
      </p>
      {file.error ? (
        <p id={errorId} className="text-sm text-red-700">
          {file.error}
        </p>
      ) : null}
      {file.fileName && file.progress !== null ? (
        <UploadProgress
          label={`Uploading ${file.fileName}`}
          fraction={file.progress}
          className="bg-slate-200"
        />
      ) : null}
      <p role="status" className="text-sm text-emerald-800">
        {file.fileName && file.progress === null ? `Uploaded ${file.fileName}.` : ''}
      </p>
    </div>
  );
}
