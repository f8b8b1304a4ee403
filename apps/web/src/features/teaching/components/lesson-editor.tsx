import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  COURSE_LESSONS_MAX,
  COURSE_MESSAGES,
  formatCourseDay,
  formatCourseDuration,
} from '@sokoni/contracts/courses-rules';
import type { Lesson } from '@sokoni/contracts/courses';
import { Button, buttonClasses } from '@/components/button';
import { errorMessage } from '@/lib/api-client';
import { useDeleteLesson } from '../api/delete-lesson';
import { useUpdateLesson } from '../api/update-lesson';
import { CONTENT_TYPE_LABELS } from '../lib/lesson-form';
import { DeleteLessonDialog } from './delete-lesson-dialog';
import { LessonForm } from './lesson-form';
import { runMutation } from '@/lib/run-mutation';

type LessonEditorProps = { courseId: string; lessons: readonly Lesson[] };

/** Which form is open: a new lesson's, or one lesson's (by id). Only one at a time. */
type Editing = { kind: 'new' } | { kind: 'edit'; lessonId: string } | null;
type Direction = 'up' | 'down';

const MOVE_FAILED = 'Could not move the lesson. Please try again.';
const DELETE_FAILED = 'Could not delete the lesson. Please try again.';

const toolClasses =
  'flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg font-bold text-slate-800 hover:bg-slate-50 disabled:opacity-40';

function releaseNote(lesson: Lesson) {
  if (!lesson.releaseDate) return 'Released at once';
  return lesson.locked
    ? COURSE_MESSAGES.unlocks(lesson.releaseDate)
    : `Released ${formatCourseDay(lesson.releaseDate)}`;
}

/**
 * The course's lessons in order: each can be changed, moved up or down, or deleted (after asking),
 * and new ones are added at the end.
 */
export function LessonEditor({ courseId, lessons }: LessonEditorProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Lesson | null>(null);
  const [moved, setMoved] = useState<{ lessonId: string; direction: Direction } | null>(null);
  const updateLesson = useUpdateLesson(courseId);
  const deleteLesson = useDeleteLesson(courseId);
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // Bumped when a form closes or a lesson goes: the focus returns to 'Add a lesson' once it is shown.
  const [backToAdd, setBackToAdd] = useState(0);
  const full = lessons.length >= COURSE_LESSONS_MAX;

  // A moved lesson's button keeps the focus at its new place (or its other arrow, at an end).
  useEffect(() => {
    if (!moved) return;
    const row = listRef.current?.querySelector(`[data-lesson-id="${moved.lessonId}"]`);
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  }, [moved, lessons]);

  useEffect(() => {
    if (backToAdd) addRef.current?.focus();
  }, [backToAdd]);

  const move = (lesson: Lesson, direction: Direction) =>
    runMutation(
      updateLesson,
      { lessonId: lesson.id, input: { position: lesson.position + (direction === 'up' ? -1 : 1) } },
      {
        onSuccess: () => setMoved({ lessonId: lesson.id, direction }),
        onError: (error) => toast.error(errorMessage(error, MOVE_FAILED)),
      },
    );

  const confirmDelete = (lesson: Lesson) =>
    runMutation(deleteLesson, lesson.id, {
      onSuccess: () => {
        toast.success(COURSE_MESSAGES.lessonDeleted);
        setToDelete(null);
        if (editing?.kind === 'edit' && editing.lessonId === lesson.id) setEditing(null);
        setBackToAdd((count) => count + 1);
      },
    });

  const moving = updateLesson.isPending;
  return (
    <section aria-labelledby="lessons-heading" className="space-y-4">
      <div>
        <h2 id="lessons-heading" className="text-xl font-bold text-slate-900">
          Lessons
        </h2>
        <p className="text-sm text-slate-600">
          {COURSE_MESSAGES.lessons(lessons.length)}
          {lessons.length
            ? ` · ${formatCourseDuration(lessons.reduce((total, lesson) => total + lesson.duration, 0))}`
            : ''}
          . Learners take them in this order.
        </p>
      </div>
      {lessons.length ? (
        <ol ref={listRef} className="space-y-3" aria-label="Lessons in order">
          {lessons.map((lesson, index) => (
            <li key={lesson.id} data-lesson-id={lesson.id} className="space-y-3">
              <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-bold text-slate-700"
                  >
                    {lesson.position}
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-slate-900">{lesson.title}</p>
                    <p className="text-sm text-slate-600">
                      {CONTENT_TYPE_LABELS[lesson.contentType]} · {formatCourseDuration(lesson.duration)} ·{' '}
                      {releaseNote(lesson)}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    data-move="up"
                    className={toolClasses}
                    disabled={moving || index === 0}
                    aria-label={`Move ${lesson.title} up`}
                    onClick={() => move(lesson, 'up')}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    data-move="down"
                    className={toolClasses}
                    disabled={moving || index === lessons.length - 1}
                    aria-label={`Move ${lesson.title} down`}
                    onClick={() => move(lesson, 'down')}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <Button
                    variant="secondary"
                    onClick={() => setEditing({ kind: 'edit', lessonId: lesson.id })}
                  >
                    Edit<span className="sr-only"> {lesson.title}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => {
                      deleteLesson.reset();
                      setToDelete(lesson);
                    }}
                  >
                    Delete<span className="sr-only"> {lesson.title}</span>
                  </Button>
                </div>
              </div>
              {editing?.kind === 'edit' && editing.lessonId === lesson.id ? (
                <LessonForm
                  key={lesson.id}
                  courseId={courseId}
                  lesson={lesson}
                  onClose={() => setEditing(null)}
                />
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-700">
          No lessons yet: add the first one. Learners can enrol once the course has lessons to take.
        </p>
      )}
      {editing?.kind === 'new' ? (
        <LessonForm
          courseId={courseId}
          onClose={() => {
            setEditing(null);
            setBackToAdd((count) => count + 1);
          }}
        />
      ) : null}
      {full ? <p className="text-sm text-slate-700">{COURSE_MESSAGES.tooManyLessons}</p> : null}
      {editing?.kind === 'new' ? null : (
        <button
          ref={addRef}
          type="button"
          className={buttonClasses('primary')}
          disabled={full}
          onClick={() => setEditing({ kind: 'new' })}
        >
          Add a lesson
        </button>
      )}
      {toDelete ? (
        <DeleteLessonDialog
          lesson={toDelete}
          deleting={deleteLesson.isPending}
          error={deleteLesson.isError ? errorMessage(deleteLesson.error, DELETE_FAILED) : null}
          onConfirm={() => confirmDelete(toDelete)}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </section>
  );
}
