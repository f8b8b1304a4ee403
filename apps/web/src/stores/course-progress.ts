import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useAuthStore } from './auth';

/**
 * Spec §3 Progress: per course, the lessons the learner has completed, each once, kept for the
 * browser tab (session storage). The classroom marks a lesson here at once so the learner sees it
 * done before the server answers; the server's answer is the truth and replaces what is here.
 */
type CourseProgressState = {
  /** Course id → its completed lesson ids, without duplicates. */
  completed: Record<string, string[]>;
  markComplete: (courseId: string, lessonId: string) => void;
  /** Puts the server's list in place of the course's. */
  replace: (courseId: string, lessonIds: readonly string[]) => void;
};

export const COURSE_PROGRESS_STORAGE_KEY = 'course-progress-storage';

export const useCourseProgressStore = create<CourseProgressState>()(
  persist(
    (set) => ({
      completed: {},
      markComplete: (courseId, lessonId) =>
        set(({ completed }) => {
          const done = completed[courseId] ?? [];
          return done.includes(lessonId)
            ? { completed }
            : { completed: { ...completed, [courseId]: [...done, lessonId] } };
        }),
      replace: (courseId, lessonIds) =>
        set(({ completed }) => ({ completed: { ...completed, [courseId]: [...new Set(lessonIds)] } })),
    }),
    {
      name: COURSE_PROGRESS_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ completed: state.completed }),
    },
  ),
);

// A tab's progress is its learner's: signing out, or in as someone else, forgets it.
useAuthStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useCourseProgressStore.setState({ completed: {} });
});
