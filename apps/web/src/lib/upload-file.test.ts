import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiFailure } from '@/test/answers';
import { server } from '@/test/server';
import { ApiError } from './api-client';
import { UPLOAD_NETWORK_ERROR, uploadFile } from './upload-file';

const user = { id: 'u1', name: 'Amina', email: 'amina@sokoni.co.ke', role: 'user', token: 'the-token' };

function form() {
  const data = new FormData();
  data.append('folder', 'products');
  data.append('file', new File(['jpeg'], 'shoe.jpg', { type: 'image/jpeg' }));
  return data;
}

/** POST /api/uploads/product-image answers `answer`; answers what the request carried. */
function serveUpload(answer: () => Response) {
  const sent: { authorization: string | null; folder: FormDataEntryValue | null }[] = [];
  server.use(
    http.post('/api/uploads/product-image', async ({ request }) => {
      const body = await request.formData();
      sent.push({ authorization: request.headers.get('Authorization'), folder: body.get('folder') });
      return answer();
    }),
  );
  return sent;
}

beforeEach(() => {
  useAuthStore.setState({ user });
});

afterEach(() => {
  useAuthStore.setState({ user: null });
});

describe('uploadFile', () => {
  it('posts the form to /api with the bearer token, reports its progress and answers the JSON body', async () => {
    const sent = serveUpload(() =>
      HttpResponse.json({ publicUrl: '/api/uploads/products/a.webp' }, { status: 201 }),
    );
    const progress: number[] = [];
    await expect(
      uploadFile('/uploads/product-image', form(), { onProgress: (value) => progress.push(value) }),
    ).resolves.toEqual({ publicUrl: '/api/uploads/products/a.webp' });
    expect(sent).toEqual([{ authorization: 'Bearer the-token', folder: 'products' }]);
    expect(progress.at(-1)).toBe(1);
  });

  it("turns a refusal into an ApiError carrying the server's code and message", async () => {
    serveUpload(() => apiFailure(415, 'FILE_TYPE_NOT_ALLOWED', 'File type not allowed: notes.txt'));
    const failure = await uploadFile('/uploads/product-image', form()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      serverMessage: 'File type not allowed: notes.txt',
    });
  });

  it('ends the session when a signed request answers 401', async () => {
    serveUpload(() => apiFailure(401, 'INVALID_TOKEN', 'Your session has expired.'));
    await expect(uploadFile('/uploads/product-image', form())).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('sends no Authorization header for a visitor', async () => {
    useAuthStore.setState({ user: null });
    const sent = serveUpload(() => HttpResponse.json({}, { status: 201 }));
    await uploadFile('/uploads/product-image', form());
    expect(sent.map((request) => request.authorization)).toEqual([null]);
  });

  it('rejects with a plain error when the network fails', async () => {
    serveUpload(() => HttpResponse.error());
    await expect(uploadFile('/uploads/product-image', form())).rejects.toThrow(UPLOAD_NETWORK_ERROR);
  });

  it('aborts when its signal fires', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadFile('/uploads/product-image', form(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
