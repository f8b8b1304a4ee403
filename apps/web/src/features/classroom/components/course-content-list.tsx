import { useId, useState } from 'react';
import { COURSE_MESSAGES, formatCourseDuration } from '@sokoni/contracts/courses-rules';
import type { Lesson } from '@sokoni/contracts/courses';
import { CheckCircleIcon } from '@/components/icons';

type CourseContentListProps = {
  lessons: readonly Lesson[];
  selectedId: string;
  completedIds: ReadonlySet<string>;
  /** The instructor opens every lesson, released or not. */
  canOpenLocked: boolean;
  onSelect: (lessonId: string) => void;
};

export function DoneBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">
      <CheckCircleIcon />
      Done
    </span>
  );
}

function LessonEntry({
  lesson,
  selected,
  done,
  openable,
  onSelect,
}: {
  lesson: Lesson;
  selected: boolean;
  done: boolean;
  openable: boolean;
  onSelect: () => void;
}) {
  const unlocks = lesson.locked && lesson.releaseDate ? COURSE_MESSAGES.unlocks(lesson.releaseDate) : null;
  const base = 'flex min-h-11 w-full items-start gap-3 rounded-xl px-3 py-2.5 text-left';
  const body = (
    <>
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
          selected ? 'bg-emerald-700 text-white' : 'bg-slate-100 text-slate-700'
        }`}
      >
        {lesson.position}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium break-words">{lesson.title}</span>
        <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm">
          {unlocks ? <span>{unlocks}</span> : <span>{formatCourseDuration(lesson.duration)}</span>}
          {done ? <DoneBadge /> : null}
        </span>
      </span>
    </>
  );
  // Spec §4: a learner's locked lesson is greyed and cannot be chosen.
  if (!openable) {
    return (
      <div aria-disabled="true" className={`${base} cursor-not-allowed bg-slate-50 text-slate-500`}>
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      className={`${base} ${
        selected
          ? 'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-600'
          : 'text-slate-800 hover:bg-slate-50'
      }`}
    >
      {body}
    </button>
  );
}

/**
 * Spec §2: the course's lessons in order, each with its length in minutes, or 'Unlocks {date}'
 * greyed and unselectable until it is released, and a Done badge once completed. A sidebar on
 * wide screens; on a phone a list that opens from a button naming the current lesson.
 */
export function CourseContentList({
  lessons,
  selectedId,
  completedIds,
  canOpenLocked,
  onSelect,
}: CourseContentListProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = lessons.find((lesson) => lesson.id === selectedId);
  return (
    <nav aria-label="Course content" className="rounded-2xl border border-slate-200 bg-white">
      <h2 className="hidden px-4 pt-4 text-lg font-bold text-slate-900 lg:block">Course content</h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left lg:hidden"
      >
        <span className="min-w-0">
          <span className="block text-sm font-semibold text-slate-600">Course content</span>
          <span className="block font-medium break-words text-slate-900">{current?.title}</span>
        </span>
        <span
          aria-hidden="true"
          className={`text-slate-600 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          ▾
        </span>
      </button>
      <ol id={listId} className={`space-y-1 p-2 ${open ? '' : 'max-lg:hidden'}`}>
        {lessons.map((lesson) => (
          <li key={lesson.id}>
            <LessonEntry
              lesson={lesson}
              selected={lesson.id === selectedId}
              done={completedIds.has(lesson.id)}
              openable={canOpenLocked || !lesson.locked}
              onSelect={() => {
                onSelect(lesson.id);
                setOpen(false);
              }}
            />
          </li>
        ))}
      </ol>
    </nav>
  );
}
