import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { ApiError, apiRequest, apiRequestWithTotal, errorMessage } from './api-client';

const signedInUser = {
  id: 'u1',
  name: 'Amina',
  email: 'amina@sokoni.co.ke',
  role: 'user',
  token: 'the-token',
};

function answer(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON to /api with the bearer token of the signed-in user', async () => {
    useAuthStore.setState({ user: signedInUser });
    const fetchMock = answer(200, { ok: true });
    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer the-token',
      'Content-Type': 'application/json',
    });
  });

  it('sets no timeout of its own: an answer that takes five minutes still arrives', async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = vi.fn(
        (_url: string, _init?: RequestInit) =>
          new Promise<Response>((resolve) => {
            setTimeout(() => resolve(new Response(JSON.stringify({ ok: true }))), 5 * 60_000);
          }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const request = apiRequest('/slow');
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      await expect(request).resolves.toEqual({ ok: true });
      expect(fetchMock.mock.calls[0]?.[1]?.signal).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads a failure without a JSON body as an error without a server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    await expect(apiRequest('/users/u1')).rejects.toMatchObject({ status: 502, serverMessage: null });
  });

  it('sends no token on calls marked unauthenticated', async () => {
    useAuthStore.setState({ user: signedInUser });
    const fetchMock = answer(200, {});
    await apiRequest('/auth/login', { method: 'POST', body: {}, authenticated: false });
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
  });

  it("throws an ApiError with the server's message, status and issues", async () => {
    const issues = [{ path: 'email', message: 'Invalid email address.' }];
    answer(400, { statusCode: 400, error: 'Bad Request', message: 'Invalid email address.', issues });
    const error = await apiRequest('/auth/register').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, serverMessage: 'Invalid email address.', issues });
  });

  it('signs the user out on a 401 to a request that carried a token', async () => {
    useAuthStore.setState({ user: signedInUser });
    answer(401, { statusCode: 401, error: 'Unauthorized', message: 'You must be signed in to do that.' });
    await expect(apiRequest('/users/u1')).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('treats a 401 without a token (a wrong password) as a plain error', async () => {
    useAuthStore.setState({ user: signedInUser });
    answer(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' });
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: {}, authenticated: false }),
    ).rejects.toThrow('Invalid email or password');
    expect(useAuthStore.getState().user).toEqual(signedInUser);
  });
});

describe('apiRequestWithTotal', () => {
  it('answers the page with the X-Total-Count of all matches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify([{ id: 'p1' }, { id: 'p2' }]), {
            status: 200,
            headers: { 'Content-Type': 'application/json', 'X-Total-Count': '65' },
          }),
      ),
    );
    await expect(apiRequestWithTotal('/products?limit=2')).resolves.toEqual({
      data: [{ id: 'p1' }, { id: 'p2' }],
      total: 65,
    });
  });

  it("falls back to the page's length when the header is missing", async () => {
    answer(200, [{ id: 'p1' }]);
    await expect(apiRequestWithTotal('/products')).resolves.toEqual({ data: [{ id: 'p1' }], total: 1 });
  });
});

describe('errorMessage', () => {
  it("uses the server's message for a coded failure, else the fallback", () => {
    expect(errorMessage(new ApiError(409, 'Email already exists', [], 'EMAIL_TAKEN'), 'Signup failed')).toBe(
      'Email already exists',
    );
    expect(errorMessage(new ApiError(507, 'Storage is full.', [], 'STORAGE_FULL'), 'Upload failed')).toBe(
      'Storage is full.',
    );
    expect(errorMessage(new ApiError(429, null, [], 'RATE_LIMITED'), 'Login failed')).toBe('Login failed');
    expect(
      errorMessage(new ApiError(500, 'Something went wrong', [], 'INTERNAL_ERROR'), 'Signup failed'),
    ).toBe('Signup failed');
    expect(errorMessage(new ApiError(502, 'Bad Gateway'), 'Signup failed')).toBe('Signup failed');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Login failed')).toBe('Login failed');
  });

  it('reads the code of an answer, and only codes the API defines', async () => {
    answer(409, { statusCode: 409, error: 'Conflict', code: 'EMAIL_TAKEN', message: 'Email already exists' });
    await expect(apiRequest('/auth/register', { method: 'POST' })).rejects.toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
    });
    answer(409, { statusCode: 409, code: 'SOMETHING_ELSE', message: 'x' });
    await expect(apiRequest('/auth/register', { method: 'POST' })).rejects.toMatchObject({ code: null });
  });
});
