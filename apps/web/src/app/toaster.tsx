import { Toaster } from 'react-hot-toast';
import type { DefaultToastOptions } from 'react-hot-toast';

/**
 * Spec §4/§9 toast timings, written out so they do not hang on a library default: blank and
 * error 4000 ms, success 2000 ms, loading until dismissed. The spec's limit of 20 toasts at once
 * is react-hot-toast's own (not configurable); the test proves it.
 */
export const TOAST_OPTIONS = {
  duration: 4000,
  blank: { duration: 4000 },
  error: { duration: 4000 },
  success: { duration: 2000 },
  loading: { duration: Number.POSITIVE_INFINITY },
} satisfies DefaultToastOptions;

export function AppToaster() {
  return <Toaster position="top-center" toastOptions={TOAST_OPTIONS} />;
}
