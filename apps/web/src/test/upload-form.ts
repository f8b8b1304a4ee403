import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import type { AuthUser } from '@/stores/auth';
import { installFakeXhr } from './fake-xhr';

/** A picked photo: a JPEG by its type (the client checks types, not bytes). */
export const jpeg = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

/**
 * The set-up of a test file for a form that uploads its files as they are picked: `user` signed in,
 * each upload waiting in FakeXhr.pending, and a picked image previewed through 'blob:preview-1',
 * 'blob:preview-2', … (happy-dom makes no object URLs). All undone after each test.
 */
export function setUpUploadFormTests(user: AuthUser) {
  let restoreXhr = () => {};
  beforeEach(() => {
    useAuthStore.setState({ user });
    restoreXhr = installFakeXhr();
    let preview = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${(preview += 1)}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup(); // unmount first: a store change would re-render what is still mounted
    restoreXhr();
    useAuthStore.setState({ user: null });
    vi.restoreAllMocks();
  });
}
