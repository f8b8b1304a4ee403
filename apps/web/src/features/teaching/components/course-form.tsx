import { useController } from 'react-hook-form';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import {
  COURSE_LEVELS,
  COURSE_MESSAGES,
  SUGGESTED_COURSE_CATEGORIES,
  UNCATEGORIZED,
} from '@sokoni/contracts/courses-rules';
import type { Course } from '@sokoni/contracts/courses';
import { Button, buttonClasses } from '@/components/button';
import { FeeHint } from '@/components/fee-hint';
import { FieldHint } from '@/components/field-frame';
import { Form, useFormTools } from '@/components/form';
import type { FormTools } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { ImageUploadField } from '@/components/image-upload-field';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorMessage, hasCode } from '@/lib/api-client';
import { useImageUpload } from '@/lib/use-image-upload';
import { serverFieldErrors } from '../lib/course-form';
import type { CourseFormValues } from '../lib/course-form';
import { ObjectivesField } from './objectives-field';

type SaveCallbacks = { onSuccess: (course: Course) => void; onError: (error: Error) => void };

type CourseFormProps<Body> = {
  /** The form's values checked with the contract (CreateCourseInput or UpdateCourseInput) into the body sent. */
  schema: z.ZodType<Body, CourseFormValues>;
  defaultValues: CourseFormValues;
  save: (body: Body, callbacks: SaveCallbacks) => void;
  /** True while the course is being sent (and, for a new one, until the page is left). */
  saving: boolean;
  submitLabel: string;
  successMessage: string;
  /** After the success toast (a new course opens in the lesson editor); an edit stays on its page. */
  onSaved?: (course: Course) => void;
};

const IMAGE_HINT = 'JPEG, PNG or WebP, up to 5 MB.';
const CATEGORY_LIST_ID = 'course-category-suggestions';

/**
 * The course form of 'Create New Course' and 'Edit course' (spec §5: title, description, price,
 * image, category and instructor name required; instructor title, bio and avatar optional), checked
 * on submit with the contract's rules on the body it would send, the images included: each is
 * uploaded as soon as it is picked. A field's message clears when it is edited. A failure says so,
 * with the server's reason beside the field it concerns (or above the button).
 */
export function CourseForm<Body>({
  schema,
  defaultValues,
  save,
  saving,
  submitLabel,
  successMessage,
  onSaved,
}: CourseFormProps<Body>) {
  const send = (body: Body, form: FormTools<CourseFormValues, Body>) =>
    save(body, {
      onSuccess: (course) => {
        toast.success(successMessage);
        onSaved?.(course);
      },
      onError: (error) => {
        toast.error(COURSE_MESSAGES.courseSaveFailed);
        form.showServerErrors(
          serverFieldErrors(error),
          hasCode(error, 'NOT_INSTRUCTOR') ? COURSE_MESSAGES.notInstructor : errorMessage(error, ''),
        );
      },
    });

  return (
    <Form
      schema={schema}
      defaultValues={defaultValues}
      onSubmit={send}
      disabled={saving}
      focusInvalid
      className="space-y-5"
      aria-busy={saving}
    >
      <CourseFields defaultValues={defaultValues} saving={saving} submitLabel={submitLabel} />
    </Form>
  );
}

type CourseFieldsProps = { defaultValues: CourseFormValues; saving: boolean; submitLabel: string };

function CourseFields({ defaultValues, saving, submitLabel }: CourseFieldsProps) {
  const {
    control,
    clearErrors,
    field,
    formState: { errors },
  } = useFormTools<CourseFormValues>();
  const { field: imageField } = useController({ control, name: 'image' });
  const { field: avatarField } = useController({ control, name: 'instructorAvatar' });
  const image = useImageUpload({
    route: 'course-image',
    initialUrl: defaultValues.image,
    onChange: (url) => {
      imageField.onChange(url);
      if (url) clearErrors('image');
    },
  });
  const avatar = useImageUpload({
    route: 'course-image',
    initialUrl: defaultValues.instructorAvatar,
    onChange: (url) => {
      avatarField.onChange(url);
      clearErrors('instructorAvatar');
    },
  });
  const uploading = image.uploading || avatar.uploading;

  let label = submitLabel;
  if (uploading) label = 'Uploading image...';
  else if (saving) label = 'Saving...';

  return (
    <>
      <TextField id="course-title" label="Title" required autoComplete="off" {...field('title')} />
      <TextAreaField
        id="course-description"
        label="Description"
        required
        rows={6}
        {...field('description')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="course-price"
          label="Price (KES)"
          required
          inputMode="decimal"
          autoComplete="off"
          hint={
            <>
              <FieldHint>0 makes the course free.</FieldHint>
              <FeeHint vertical="courses" name="price" />
            </>
          }
          {...field('price')}
        />
        <TextField
          id="course-category"
          label="Category"
          required
          autoComplete="off"
          list={CATEGORY_LIST_ID}
          hint={<FieldHint>{`Pick one or name your own (not “${UNCATEGORIZED}”).`}</FieldHint>}
          {...field('category')}
        />
        <datalist id={CATEGORY_LIST_ID}>
          {SUGGESTED_COURSE_CATEGORIES.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <SelectField id="course-level" label="Level" required {...field('level')}>
          {COURSE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </SelectField>
        <TextField id="course-language" label="Language" required autoComplete="off" {...field('language')} />
      </div>
      <ImageUploadField
        id="course-image"
        legend="Course image"
        hint={`${IMAGE_HINT} It is shown on the course's card and page.`}
        noun="course image"
        image={image}
        error={errors.image?.message}
        disabled={saving}
      />
      <ObjectivesField id="course-objectives" disabled={saving} />
      <fieldset className="space-y-5 rounded-2xl border border-slate-200 p-4">
        <legend className="px-1 text-base font-semibold text-slate-900">Instructor</legend>
        <TextField
          id="course-instructor-name"
          label="Instructor name"
          required
          autoComplete="name"
          {...field('instructorName')}
        />
        <TextField
          id="course-instructor-title"
          label="Instructor title (optional)"
          autoComplete="organization-title"
          placeholder="e.g. Agronomist, Egerton University"
          {...field('instructorTitle')}
        />
        <TextAreaField
          id="course-instructor-bio"
          label="Bio (optional)"
          rows={4}
          {...field('instructorBio')}
        />
        <ImageUploadField
          id="course-instructor-avatar"
          legend="Avatar"
          hint={`${IMAGE_HINT} Optional: without one, learners see the name's initial.`}
          noun="avatar"
          image={avatar}
          error={errors.instructorAvatar?.message}
          disabled={saving}
          shape="round"
        />
      </fieldset>
      <FormAlert message={errors.root?.message ?? null} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={saving || uploading}>
          {saving || uploading ? <Spinner className="size-4" /> : null}
          {label}
        </Button>
        <Link to="/instructor/courses" className={buttonClasses('secondary')}>
          Cancel
        </Link>
      </div>
    </>
  );
}
