import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { FakeXhr, installFakeXhr } from '@/test/fake-xhr';
import { ApiError } from './api-client';
import { UPLOAD_NETWORK_ERROR, uploadFile } from './upload-file';

let restoreXhr: () => void;
const user = { id: 'u1', name: 'Amina', email: 'amina@sokoni.co.ke', role: 'user', token: 'the-token' };

function form() {
  const data = new FormData();
  data.append('folder', 'products');
  return data;
}

/** The request the last upload sent. */
const lastRequest = () => FakeXhr.pending.at(-1)!;

beforeEach(() => {
  restoreXhr = installFakeXhr();
  useAuthStore.setState({ user });
});

afterEach(() => {
  restoreXhr();
  useAuthStore.setState({ user: null });
});

describe('uploadFile', () => {
  it('posts the form to /api with the bearer token and answers the JSON body', async () => {
    const body = form();
    const progress: number[] = [];
    const upload = uploadFile('/uploads/product-image', body, {
      onProgress: (value) => progress.push(value),
    });
    const xhr = lastRequest();
    xhr.progress(50);
    xhr.answer(201, { publicUrl: '/api/uploads/products/a.webp' });
    await expect(upload).resolves.toEqual({ publicUrl: '/api/uploads/products/a.webp' });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads/product-image');
    expect(xhr.headers.Authorization).toBe('Bearer the-token');
    expect(xhr.sent).toBe(body);
    expect(progress).toEqual([0.5, 1]);
  });

  it("turns a refusal into an ApiError carrying the server's message", async () => {
    const upload = uploadFile('/uploads/product-image', form()).catch((error: unknown) => error);
    lastRequest().answer(415, { statusCode: 415, message: 'File type not allowed: notes.txt' });
    const failure = await upload;
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(415);
    expect((failure as ApiError).message).toBe('File type not allowed: notes.txt');
  });

  it('ends the session when a signed request answers 401', async () => {
    const upload = uploadFile('/uploads/product-image', form());
    lastRequest().answer(401, { message: 'Unauthorized' });
    await expect(upload).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('sends no Authorization header for a visitor', async () => {
    useAuthStore.setState({ user: null });
    const upload = uploadFile('/uploads/product-image', form());
    lastRequest().answer(201, {});
    await upload;
    expect(lastRequest().headers.Authorization).toBeUndefined();
  });

  it('rejects with a plain error when the network fails', async () => {
    const upload = uploadFile('/uploads/product-image', form());
    lastRequest().fail();
    await expect(upload).rejects.toThrow(UPLOAD_NETWORK_ERROR);
  });

  it('aborts when its signal fires', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadFile('/uploads/product-image', form(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
