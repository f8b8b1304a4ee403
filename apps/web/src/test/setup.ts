// The web project's setup: Vitest runs without globals, so Testing Library cannot hook itself in.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { clearQueryClients } from './render-with-providers';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
  var jest: { advanceTimersByTime: (ms: number) => void } | undefined;
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  // Testing Library lets React settle on a zero-delay timer after each user-event action (and
  // polls in waitFor), and runs the clock itself only when it sees Jest's fake timers. This lets it
  // see Vitest's: it checks for a `jest` global, then for fake timers in place (vi.useFakeTimers).
  globalThis.jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
});

// Unmount what each test rendered, then drop its queries.
afterEach(() => {
  cleanup();
  clearQueryClients();
});
