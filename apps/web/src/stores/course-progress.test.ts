import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './auth';
import { COURSE_PROGRESS_STORAGE_KEY, useCourseProgressStore } from './course-progress';

const progress = () => useCourseProgressStore.getState();
const stored = () =>
  JSON.parse(sessionStorage.getItem(COURSE_PROGRESS_STORAGE_KEY) ?? '{}') as {
    state?: { completed?: Record<string, string[]> };
  };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  useCourseProgressStore.setState({ completed: {} });
});

describe('course progress store', () => {
  it('keeps each completed lesson once per course, in session storage under course-progress-storage', () => {
    progress().markComplete('course-1', 'lesson-1');
    progress().markComplete('course-1', 'lesson-2');
    progress().markComplete('course-1', 'lesson-1');
    progress().markComplete('course-2', 'lesson-9');

    expect(COURSE_PROGRESS_STORAGE_KEY).toBe('course-progress-storage');
    expect(progress().completed).toEqual({ 'course-1': ['lesson-1', 'lesson-2'], 'course-2': ['lesson-9'] });
    expect(stored().state?.completed).toEqual({
      'course-1': ['lesson-1', 'lesson-2'],
      'course-2': ['lesson-9'],
    });
    expect(localStorage.getItem(COURSE_PROGRESS_STORAGE_KEY)).toBeNull();
  });

  it("replaces a course's list with the server's, without duplicates, leaving other courses alone", () => {
    progress().markComplete('course-1', 'lesson-3');
    progress().markComplete('course-2', 'lesson-9');

    progress().replace('course-1', ['lesson-1', 'lesson-2', 'lesson-1']);

    expect(progress().completed).toEqual({ 'course-1': ['lesson-1', 'lesson-2'], 'course-2': ['lesson-9'] });
    expect(stored().state?.completed?.['course-1']).toEqual(['lesson-1', 'lesson-2']);
  });

  it("forgets the tab's progress when its learner signs out, or another signs in", () => {
    const learner = (id: string) => ({
      id,
      name: 'Wanjiru',
      email: `${id}@example.co.ke`,
      role: 'user',
      token: 't',
    });
    useAuthStore.setState({ user: learner('u1') });
    progress().markComplete('course-1', 'lesson-1');
    useAuthStore.setState({ user: learner('u1') });
    expect(progress().completed).toEqual({ 'course-1': ['lesson-1'] });

    useAuthStore.getState().logout();
    expect(progress().completed).toEqual({});
    expect(stored().state?.completed).toEqual({});

    progress().markComplete('course-1', 'lesson-1');
    useAuthStore.setState({ user: learner('u2') });
    expect(progress().completed).toEqual({});
  });
});
