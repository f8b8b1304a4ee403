// The web project's setup: Vitest runs without globals, so Testing Library cannot hook itself in.
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { StoreApi } from 'zustand';
import { useAuthStore } from '@/stores/auth';
import { useCartStore } from '@/stores/cart';
import { useCourseProgressStore } from '@/stores/course-progress';
import { useDataSaverStore } from '@/stores/data-saver';
import { useInstallOfferStore } from '@/stores/install-offer';
import { useMpesaNumberStore } from '@/stores/mpesa-number';
import { useVotedRepliesStore } from '@/stores/voted-replies';
import { useVisitorWishlistStore } from '@/stores/wishlist';
import { clearQueryClients } from './render-with-providers';
import { server } from './server';

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

/** Requests of the running test that no handler answered. */
const unanswered: string[] = [];

beforeAll(() => {
  // 'error': such a request fails (never reaches the network) and MSW says which it was.
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:unhandled', ({ request }) => {
    unanswered.push(`${request.method} ${new URL(request.url).pathname}`);
  });
});

// Unmount what each test rendered, drop its queries and its handlers; then fail it for a request
// nothing answered (the page asked for something the test did not expect).
afterEach(() => {
  cleanup();
  clearQueryClients();
  server.resetHandlers();
  server.events.removeAllListeners('request:start'); // recordRequests's
  const missed = unanswered.splice(0);
  if (missed.length) throw new Error(`No handler answered: ${missed.join(', ')}`);
});

// The files of a worker share their modules (vitest.config.ts): each starts with the stores as the
// app starts them, nothing stored in the browser and no toast left over.
const restoreInitial = <T>(store: StoreApi<T>) => {
  const initial = store.getInitialState();
  return () => store.setState(initial, true);
};
const restores = [
  restoreInitial(useAuthStore),
  restoreInitial(useCartStore),
  restoreInitial(useCourseProgressStore),
  restoreInitial(useDataSaverStore),
  restoreInitial(useInstallOfferStore),
  restoreInitial(useMpesaNumberStore),
  restoreInitial(useVotedRepliesStore),
  restoreInitial(useVisitorWishlistStore),
];
afterAll(() => {
  server.close();
  localStorage.clear();
  sessionStorage.clear();
  restores.forEach((restore) => restore());
  toast.remove();
});
