import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { COURSE_MESSAGES, LESSON_CONTENT_TYPES, LESSON_MINUTES_MAX } from '@sokoni/contracts/courses-rules';
import type { Lesson } from '@sokoni/contracts/courses';
import type { LessonContentType } from '@sokoni/contracts/courses-rules';
import { Button } from '@/components/button';
import { FieldHint, fieldErrorId } from '@/components/field-frame';
import { Form, useFormTools } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorMessage, hasCode } from '@/lib/api-client';
import { useCreateLesson } from '../api/create-lesson';
import { useUpdateLesson } from '../api/update-lesson';
import { useLessonFile } from '../hooks/use-lesson-file';
import {
  CONTENT_TYPE_LABELS,
  EMPTY_LESSON_VALUES,
  lessonChanges,
  LessonFormSchema,
  lessonFormValues,
  serverLessonErrors,
} from '../lib/lesson-form';
import type { LessonFormValues } from '../lib/lesson-form';
import { LessonFileField } from './lesson-file-field';
import { runMutation } from '@/lib/run-mutation';

type LessonFormProps = {
  courseId: string;
  /** The lesson to change; none: a new lesson, added last. */
  lesson?: Lesson;
  /** Saved or cancelled: the editor closes the form. */
  onClose: () => void;
};

const SAVE_FAILED = 'Could not save the lesson. Please try again.';

/**
 * A lesson's title, type, content (the text, or an uploaded file or https:// address), minutes and
 * release day, checked on submit with POST /courses/{id}/lessons' own rules; a change sends only
 * what changed. A field's message clears when it is edited; the server's reasons show beside their
 * fields.
 */
export function LessonForm({ courseId, lesson, onClose }: LessonFormProps) {
  const [initial] = useState<LessonFormValues>(() =>
    lesson ? lessonFormValues(lesson) : EMPTY_LESSON_VALUES,
  );
  const createLesson = useCreateLesson(courseId);
  const updateLesson = useUpdateLesson(courseId);
  const saving = createLesson.isPending || updateLesson.isPending;
  const idPrefix = lesson ? `lesson-${lesson.id}` : 'new-lesson';
  const headingId = `${idPrefix}-heading`;

  const save: SubmitOf<typeof LessonFormSchema> = (body, form) => {
    const callbacks = {
      onSuccess: () => {
        toast.success(COURSE_MESSAGES.lessonSaved);
        onClose();
      },
      onError: (error: Error) =>
        form.showServerErrors(
          serverLessonErrors(error),
          hasCode(error, 'NOT_INSTRUCTOR') ? COURSE_MESSAGES.notInstructor : errorMessage(error, SAVE_FAILED),
        ),
    };
    if (!lesson) {
      runMutation(createLesson, body, callbacks);
      return;
    }
    const changes = lessonChanges(body, initial);
    if (!Object.keys(changes).length) onClose();
    else runMutation(updateLesson, { lessonId: lesson.id, input: changes }, callbacks);
  };

  return (
    <Form
      schema={LessonFormSchema}
      defaultValues={initial}
      onSubmit={save}
      disabled={saving}
      focusInvalid
      aria-labelledby={headingId}
      aria-busy={saving}
      className="space-y-5 rounded-2xl border border-emerald-200 bg-emerald-50/40 p-4 sm:p-5"
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {lesson ? `Edit lesson ${lesson.position}` : 'New lesson'}
      </h3>
      <LessonFields
        idPrefix={idPrefix}
        initial={initial}
        isNew={!lesson}
        saving={saving}
        onCancel={onClose}
      />
    </Form>
  );
}

type LessonFieldsProps = {
  idPrefix: string;
  initial: LessonFormValues;
  isNew: boolean;
  saving: boolean;
  onCancel: () => void;
};

function LessonFields({ idPrefix, initial, isNew, saving, onCancel }: LessonFieldsProps) {
  const {
    register,
    clearErrors,
    setValue,
    getValues,
    control,
    field,
    formState: { errors },
  } = useFormTools<LessonFormValues>();
  const file = useLessonFile((url) => {
    setValue('contentUrl', url);
    clearErrors('contentUrl');
  });
  // What was typed for each type, so trying another type and coming back loses nothing.
  const [drafts, setDrafts] = useState<Partial<Record<LessonContentType, string>>>({
    [initial.contentType]: initial.contentUrl,
  });
  const contentType = useWatch({ control, name: 'contentType' });

  const switchType = (next: LessonContentType) => {
    // `contentType` is still the type being left: the change shows at the next render.
    const kept = { ...drafts, [contentType]: getValues('contentUrl') };
    setDrafts(kept);
    setValue('contentUrl', kept[next] ?? '');
    clearErrors(['contentType', 'contentUrl']);
    file.reset();
  };

  let submitLabel = isNew ? 'Add lesson' : 'Save lesson';
  if (file.uploading) submitLabel = 'Uploading file...';
  else if (saving) submitLabel = 'Saving...';

  return (
    <>
      <TextField
        id={`${idPrefix}-title`}
        label="Lesson title"
        required
        autoComplete="off"
        {...field('title')}
      />
      <fieldset
        className="space-y-2"
        aria-describedby={errors.contentType ? fieldErrorId(`${idPrefix}-type`) : undefined}
      >
        <legend className="text-sm font-medium text-slate-800">Lesson type</legend>
        <div className="flex flex-wrap gap-2">
          {LESSON_CONTENT_TYPES.map((type) => (
            <label
              key={type}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-slate-800 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:checked]:font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600"
            >
              <input
                type="radio"
                value={type}
                disabled={saving}
                className="size-4 accent-emerald-700"
                {...register('contentType', {
                  onChange: (event: { target: { value: string } }) =>
                    switchType(event.target.value as LessonContentType),
                })}
              />
              {CONTENT_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
        {errors.contentType ? (
          <p id={fieldErrorId(`${idPrefix}-type`)} className="text-sm text-red-700">
            {errors.contentType.message}
          </p>
        ) : null}
      </fieldset>
      {contentType === 'text' ? (
        <TextAreaField
          id={`${idPrefix}-text`}
          label="Lesson text"
          required
          rows={10}
          {...field('contentUrl')}
        />
      ) : (
        <fieldset className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-medium text-slate-800">
            {contentType === 'video' ? 'Video' : 'PDF'}
          </legend>
          <LessonFileField id={`${idPrefix}-file`} kind={contentType} file={file} disabled={saving} />
          <TextField
            id={`${idPrefix}-address`}
            label={contentType === 'video' ? 'Video address' : 'PDF address'}
            required
            autoComplete="off"
            inputMode="url"
            placeholder="https://"
            hint={
              <FieldHint>Filled in by an upload, or paste the https:// address of a file online.</FieldHint>
            }
            {...field('contentUrl')}
          />
        </fieldset>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-duration`}
          label="Duration (minutes)"
          required
          inputMode="numeric"
          autoComplete="off"
          hint={<FieldHint>{`A whole number from 1 to ${LESSON_MINUTES_MAX}.`}</FieldHint>}
          {...field('duration')}
        />
        <TextField
          id={`${idPrefix}-release`}
          label="Release date (optional)"
          type="date"
          hint={<FieldHint>Learners can open it from this day (Nairobi time). Empty: at once.</FieldHint>}
          {...field('releaseDate')}
        />
      </div>
      <FormAlert message={errors.root?.message ?? null} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={saving || file.uploading}>
          {saving || file.uploading ? <Spinner className="size-4" /> : null}
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </>
  );
}
