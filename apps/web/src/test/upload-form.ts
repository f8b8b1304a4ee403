import { cleanup, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { JsonBodyType } from 'msw';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import type { AuthUser } from '@/stores/auth';
import { server } from './server';

/** A picked photo: a JPEG by its type (the client checks types, not bytes). */
export const jpeg = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

/** An upload the page sent (POST /api/uploads/…), waiting for the test to answer it. */
export type HeldUpload = {
  path: string;
  form: FormData;
  answer: (status: number, body: JsonBodyType) => void;
  /** The network gave way: no answer at all. */
  fail: () => void;
};

/** The running test's uploads, in the order the page sent them. */
export const heldUploads: HeldUpload[] = [];

/** The uploads sent so far, once there are `count` of them. */
export const uploadsSent = (count: number) =>
  waitFor(() => {
    expect(heldUploads).toHaveLength(count);
    return heldUploads;
  });

/**
 * The set-up of a test file for a form that uploads its files as they are picked: `user` signed in,
 * each upload held in heldUploads until the test answers it (the page shows it in progress till
 * then), and a picked image previewed through 'blob:preview-1', 'blob:preview-2', … (happy-dom
 * makes no object URLs). All undone after each test.
 */
export function setUpUploadFormTests(user: AuthUser) {
  beforeEach(() => {
    useAuthStore.setState({ user });
    heldUploads.length = 0;
    server.use(
      http.post('/api/uploads/*', async ({ request }) => {
        const form = await request.formData();
        return new Promise<Response>((resolve) => {
          heldUploads.push({
            path: new URL(request.url).pathname,
            form,
            answer: (status, body) => resolve(HttpResponse.json(body, { status })),
            fail: () => resolve(HttpResponse.error()),
          });
        });
      }),
    );
    let preview = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${(preview += 1)}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup(); // unmount first: a store change would re-render what is still mounted
    useAuthStore.setState({ user: null });
    vi.restoreAllMocks();
  });
}
