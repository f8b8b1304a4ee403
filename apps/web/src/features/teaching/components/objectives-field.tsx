import { useFieldArray } from 'react-hook-form';
import { COURSE_OBJECTIVES_MAX, COURSE_OBJECTIVE_MAX_LENGTH } from '@sokoni/contracts/courses-rules';
import { Button } from '@/components/button';
import { fieldErrorId } from '@/components/field-frame';
import { useFormTools } from '@/components/form';
import { inputClasses } from '@/components/text-field';
import type { CourseFormValues } from '../lib/course-form';

/**
 * Spec §3 objectives ('What You'll Master'): one line each, added and removed, up to 12. A line's
 * message (and the list's) clears when a line is edited.
 */
export function ObjectivesField({ id, disabled }: { id: string; disabled: boolean }) {
  const { control, register, clearErrors, formState } = useFormTools<CourseFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'objectives' });
  const errors = formState.errors.objectives;
  const onEdit = () => clearErrors('objectives');
  const listError = errors?.message ?? errors?.root?.message;
  const listErrorId = fieldErrorId(id);
  const full = fields.length >= COURSE_OBJECTIVES_MAX;

  return (
    <fieldset className="space-y-3" aria-describedby={listError ? listErrorId : `${id}-hint`}>
      <legend className="text-sm font-medium text-slate-800">What learners will master</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        One objective a line, up to {COURSE_OBJECTIVES_MAX}. Learners see them on the course page.
      </p>
      {fields.length ? (
        <ol className="space-y-2">
          {fields.map((field, index) => {
            const inputId = `${id}-${index}`;
            const message = errors?.[index]?.text?.message ?? errors?.[index]?.message;
            return (
              <li key={field.id} className="space-y-1">
                <div className="flex items-center gap-2">
                  <label htmlFor={inputId} className="sr-only">
                    Objective {index + 1}
                  </label>
                  <input
                    id={inputId}
                    autoComplete="off"
                    maxLength={COURSE_OBJECTIVE_MAX_LENGTH}
                    disabled={disabled}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? fieldErrorId(inputId) : undefined}
                    className={inputClasses}
                    {...register(`objectives.${index}.text`, { onChange: onEdit })}
                  />
                  <button
                    type="button"
                    disabled={disabled}
                    aria-label={`Remove objective ${index + 1}`}
                    onClick={() => {
                      remove(index);
                      onEdit();
                    }}
                    className="flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg font-bold text-slate-800 hover:bg-slate-50 hover:text-red-700 disabled:opacity-40"
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
                {message ? (
                  <p id={fieldErrorId(inputId)} className="text-sm text-red-700">
                    {message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {listError ? (
        <p id={listErrorId} className="text-sm text-red-700">
          {listError}
        </p>
      ) : null}
      <Button variant="secondary" disabled={disabled || full} onClick={() => append({ text: '' })}>
        Add an objective
      </Button>
    </fieldset>
  );
}
