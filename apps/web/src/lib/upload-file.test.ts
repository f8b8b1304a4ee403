import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { ApiError } from './api-client';
import { UPLOAD_NETWORK_ERROR, uploadFile } from './upload-file';

type Outcome = { status: number; body: string } | 'network-error';

/** A stand-in for XMLHttpRequest that answers every request with the outcome it is given. */
class FakeXhr {
  static outcome: Outcome = { status: 201, body: '{}' };
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.sent = body;
    const outcome = FakeXhr.outcome;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      if (outcome === 'network-error') {
        this.onerror?.();
        return;
      }
      this.status = outcome.status;
      this.responseText = outcome.body;
      this.onload?.();
    });
  }
}

const realXhr = globalThis.XMLHttpRequest;
const user = { id: 'u1', name: 'Amina', email: 'amina@sokoni.co.ke', role: 'user', token: 'the-token' };

function form() {
  const data = new FormData();
  data.append('folder', 'products');
  return data;
}

beforeEach(() => {
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  FakeXhr.last = null;
  useAuthStore.setState({ user });
});

afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
  useAuthStore.setState({ user: null });
});

describe('uploadFile', () => {
  it('posts the form to /api with the bearer token and answers the JSON body', async () => {
    FakeXhr.outcome = { status: 201, body: JSON.stringify({ publicUrl: '/api/uploads/products/a.webp' }) };
    const body = form();
    const progress: number[] = [];
    await expect(
      uploadFile('/uploads/product-image', body, { onProgress: (value) => progress.push(value) }),
    ).resolves.toEqual({ publicUrl: '/api/uploads/products/a.webp' });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads/product-image');
    expect(xhr.headers.Authorization).toBe('Bearer the-token');
    expect(xhr.sent).toBe(body);
    expect(progress).toEqual([0.5, 1]);
  });

  it("turns a refusal into an ApiError carrying the server's message", async () => {
    FakeXhr.outcome = {
      status: 415,
      body: JSON.stringify({ statusCode: 415, message: 'File type not allowed: notes.txt' }),
    };
    const failure = await uploadFile('/uploads/product-image', form()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(415);
    expect((failure as ApiError).message).toBe('File type not allowed: notes.txt');
  });

  it('ends the session when a signed request answers 401', async () => {
    FakeXhr.outcome = { status: 401, body: JSON.stringify({ message: 'Unauthorized' }) };
    await expect(uploadFile('/uploads/product-image', form())).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('sends no Authorization header for a visitor', async () => {
    useAuthStore.setState({ user: null });
    FakeXhr.outcome = { status: 201, body: '{}' };
    await uploadFile('/uploads/product-image', form());
    expect(FakeXhr.last!.headers.Authorization).toBeUndefined();
  });

  it('rejects with a plain error when the network fails', async () => {
    FakeXhr.outcome = 'network-error';
    await expect(uploadFile('/uploads/product-image', form())).rejects.toThrow(UPLOAD_NETWORK_ERROR);
  });

  it('aborts when its signal fires', async () => {
    FakeXhr.outcome = { status: 201, body: '{}' };
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadFile('/uploads/product-image', form(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
