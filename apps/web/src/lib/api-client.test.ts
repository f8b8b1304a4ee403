import { HttpResponse, delay, http } from 'msw';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import {
  ApiError,
  apiRequest,
  apiRequestWithTotal,
  errorMessage,
  hasCode,
  isNetworkFailure,
} from './api-client';
import { pageAnswer } from '@/test/answers';
import { recordRequests, server } from '@/test/server';

const signedInUser = {
  id: 'u1',
  name: 'Amina',
  email: 'amina@sokoni.co.ke',
  role: 'user',
  token: 'the-token',
};

/** The API answers every request with `status` and `body` (JSON); answers the requests sent. */
function answer(status: number, body?: unknown) {
  const requests = recordRequests();
  server.use(
    http.all('/api/*', () =>
      body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status }),
    ),
  );
  return requests;
}

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

describe('apiRequest', () => {
  it('sends JSON to /api with the bearer token of the signed-in user', async () => {
    useAuthStore.setState({ user: signedInUser });
    let headers = new Headers();
    const requests = recordRequests();
    server.use(
      http.post('/api/things', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/things', body: { a: 1 } },
    ]);
    expect([headers.get('Authorization'), headers.get('Content-Type')]).toEqual([
      'Bearer the-token',
      'application/json',
    ]);
  });

  it('sets no timeout of its own: an answer that takes five minutes still arrives', async () => {
    vi.useFakeTimers();
    try {
      server.use(
        http.get('/api/slow', async () => {
          await delay(5 * 60_000);
          return HttpResponse.json({ ok: true });
        }),
      );
      const request = apiRequest('/slow');
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      await expect(request).resolves.toEqual({ ok: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads a failure without a JSON body as an error without a server message', async () => {
    server.use(
      http.get('/api/users/u1', () => HttpResponse.html('<html>Bad Gateway</html>', { status: 502 })),
    );
    await expect(apiRequest('/users/u1')).rejects.toMatchObject({
      code: null,
      serverMessage: null,
      message: 'Request failed with status 502',
    });
  });

  it('sends no token on calls marked unauthenticated', async () => {
    useAuthStore.setState({ user: signedInUser });
    let authorization: string | null = 'unset';
    server.use(
      http.post('/api/auth/login', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({});
      }),
    );
    await apiRequest('/auth/login', { method: 'POST', body: {}, authenticated: false });
    expect(authorization).toBeNull();
  });

  it("throws an ApiError with the server's code, message and issues", async () => {
    const issues = [{ path: 'email', message: 'Invalid email address.' }];
    answer(400, {
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: 'Invalid email address.',
      issues,
    });
    const error = await apiRequest('/auth/register').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      serverMessage: 'Invalid email address.',
      issues,
    });
  });

  it('signs the user out on a 401 to a request that carried a token', async () => {
    useAuthStore.setState({ user: signedInUser });
    answer(401, { statusCode: 401, error: 'Unauthorized', message: 'You must be signed in to do that.' });
    await expect(apiRequest('/users/u1')).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('tells a suspended account why it was signed out, and anyone else that the session ended', async () => {
    const told = vi.spyOn(toast, 'error');
    const suspended =
      "Your account is suspended: Scam listings. To appeal, write to appeals@sokoni.co.ke from this account's e-mail address.";
    useAuthStore.setState({ user: signedInUser });
    answer(401, { statusCode: 401, code: 'ACCOUNT_SUSPENDED', message: suspended });
    await expect(apiRequest('/users/u1')).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().user).toBeNull();
    expect(told).toHaveBeenLastCalledWith(suspended, { id: 'session-expired' });

    useAuthStore.setState({ user: signedInUser });
    answer(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'You must be signed in to do that.' });
    await expect(apiRequest('/users/u1')).rejects.toBeInstanceOf(ApiError);
    expect(told).toHaveBeenLastCalledWith(AUTH_MESSAGES.sessionExpired, { id: 'session-expired' });
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
    server.use(http.get('/api/products', () => pageAnswer([{ id: 'p1' }, { id: 'p2' }], 65)));
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
  it("uses the server's message for a coded failure, a code newer than this build's too, else the fallback", () => {
    const failure = (status: number, code: string | undefined, message: string | undefined) =>
      new ApiError(status, { code, message });
    expect(errorMessage(failure(409, 'EMAIL_TAKEN', 'Email already exists'), 'Signup failed')).toBe(
      'Email already exists',
    );
    expect(errorMessage(failure(507, 'STORAGE_FULL', 'Storage is full.'), 'Upload failed')).toBe(
      'Storage is full.',
    );
    expect(errorMessage(failure(429, 'HOLD_LIMIT_NEW_ACCOUNT', 'Pay for a hold first.'), 'Failed')).toBe(
      'Pay for a hold first.',
    );
    expect(errorMessage(failure(429, 'RATE_LIMITED', undefined), 'Login failed')).toBe('Login failed');
    expect(errorMessage(failure(500, 'INTERNAL_ERROR', 'Something went wrong'), 'Signup failed')).toBe(
      'Signup failed',
    );
    expect(errorMessage(failure(502, undefined, 'Bad Gateway'), 'Signup failed')).toBe('Signup failed');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Login failed')).toBe('Login failed');
  });

  it('reads the code of an answer; a code the API does not define is no code to branch on, its message still shown', async () => {
    answer(409, { statusCode: 409, error: 'Conflict', code: 'EMAIL_TAKEN', message: 'Email already exists' });
    const taken = await apiRequest('/auth/register', { method: 'POST' }).catch((caught: unknown) => caught);
    expect([hasCode(taken, 'EMAIL_TAKEN'), hasCode(taken, 'DATES_TAKEN', 'USER_NOT_FOUND')]).toEqual([
      true,
      false,
    ]);
    server.resetHandlers();
    answer(409, { statusCode: 409, code: 'SOMETHING_NEWER', message: 'A newer refusal.' });
    await expect(apiRequest('/auth/register', { method: 'POST' })).rejects.toMatchObject({
      code: null,
      serverMessage: 'A newer refusal.',
    });
  });
});

describe('isNetworkFailure', () => {
  it('tells a request that never reached the API from one it answered', async () => {
    server.use(http.get('/api/products', () => HttpResponse.error()));
    const dropped = await apiRequest('/products').catch((caught: unknown) => caught);
    answer(503, { statusCode: 503, code: 'INTERNAL_ERROR', message: 'Down' });
    const answered = await apiRequest('/auth/register', { method: 'POST' }).catch(
      (caught: unknown) => caught,
    );
    expect([isNetworkFailure(dropped), isNetworkFailure(answered)]).toEqual([true, false]);

    // Offline, whatever failed without an answer is the network's failure; an answer is still not.
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect([isNetworkFailure(new DOMException('gone', 'NetworkError')), isNetworkFailure(answered)]).toEqual([
      true,
      false,
    ]);
    offline.mockRestore();
  });
});
