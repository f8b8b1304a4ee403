import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth';

function base64Url(value: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function makeToken(claims: Record<string, unknown>): string {
  return [
    base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64Url(JSON.stringify(claims)),
    'sig',
  ].join('.');
}

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
const claims = (overrides: Record<string, unknown> = {}) => ({
  sub: '6f1c2d4e-0000-4000-8000-000000000001',
  name: 'Amina Wanjiru',
  email: 'amina@sokoni.co.ke',
  role: 'user',
  exp: inOneHour(),
  ...overrides,
});

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('auth store', () => {
  it('sets the user from the decoded token on login', () => {
    const token = makeToken(claims());
    useAuthStore.getState().login(token);
    expect(useAuthStore.getState().user).toEqual({
      id: '6f1c2d4e-0000-4000-8000-000000000001',
      name: 'Amina Wanjiru',
      email: 'amina@sokoni.co.ke',
      role: 'user',
      token,
    });
  });

  it('decodes non-ASCII names from the token', () => {
    useAuthStore.getState().login(makeToken(claims({ name: 'Wanjirũ Kĩmani' })));
    expect(useAuthStore.getState().user?.name).toBe('Wanjirũ Kĩmani');
  });

  it('uses an empty name on login when the token has no name claim', () => {
    useAuthStore.getState().login(makeToken(claims({ name: undefined })));
    expect(useAuthStore.getState().user?.name).toBe('');
  });

  it('falls back to the submitted name on signup when the token has no name claim', () => {
    useAuthStore.getState().signup(makeToken(claims({ name: undefined })), '  Brian Otieno ');
    expect(useAuthStore.getState().user?.name).toBe('Brian Otieno');
  });

  it("prefers the token's name claim on signup", () => {
    useAuthStore.getState().signup(makeToken(claims()), 'Someone Else');
    expect(useAuthStore.getState().user?.name).toBe('Amina Wanjiru');
  });

  it('refuses a token it cannot decode and stays signed out', () => {
    expect(() => useAuthStore.getState().login('not-a-token')).toThrow(AUTH_MESSAGES.invalidToken);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('answers the signed-in user from login and signup, not a bare true/false', () => {
    const token = makeToken(claims());
    const signedIn = useAuthStore.getState().login(token);
    expect(signedIn).toEqual(useAuthStore.getState().user);
    expect(signedIn.name).toBe('Amina Wanjiru');

    useAuthStore.getState().logout();
    const signedUp = useAuthStore.getState().signup(makeToken(claims({ name: undefined })), 'Brian Otieno');
    expect(signedUp).toEqual(useAuthStore.getState().user);
    expect(signedUp.name).toBe('Brian Otieno');
  });

  it('clears the user on logout', () => {
    useAuthStore.getState().login(makeToken(claims()));
    useAuthStore.getState().logout();
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('persists the user in local storage under auth-storage', () => {
    const token = makeToken(claims());
    useAuthStore.getState().login(token);
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}');
    expect(AUTH_STORAGE_KEY).toBe('auth-storage');
    expect(stored.state.user.token).toBe(token);
    expect(stored.state.user.email).toBe('amina@sokoni.co.ke');
  });

  it('restores the session from local storage', async () => {
    const token = makeToken(claims());
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ state: { user: { id: 'u1', token } }, version: 0 }),
    );
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().user?.token).toBe(token);
  });
});

describe('token expiry check', () => {
  it('signs out when exp is earlier than now', () => {
    const exp = 1_800_000_000;
    useAuthStore.getState().login(makeToken(claims({ exp })));
    useAuthStore.getState().checkTokenExpiry(exp * 1000 + 1);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('keeps the session while the token is still valid', () => {
    const exp = 1_800_000_000;
    useAuthStore.getState().login(makeToken(claims({ exp })));
    useAuthStore.getState().checkTokenExpiry(exp * 1000);
    expect(useAuthStore.getState().user).not.toBeNull();
  });

  it("logs 'Invalid token. Logging out...' and signs out when the stored token cannot be decoded", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    useAuthStore.setState({ user: { id: 'u1', name: 'X', email: 'x@y.z', role: 'user', token: 'garbage' } });
    useAuthStore.getState().checkTokenExpiry();
    expect(warn).toHaveBeenCalledWith('Invalid token. Logging out...');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('does nothing when nobody is signed in', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    useAuthStore.getState().checkTokenExpiry();
    expect(warn).not.toHaveBeenCalled();
    expect(useAuthStore.getState().user).toBeNull();
  });
});

describe('the API answers kept for reading offline (#29)', () => {
  /** The browser's CacheStorage as far as signing out uses it: cache names, each deletable. */
  function cacheStorage(...names: string[]) {
    const kept = new Set(names);
    vi.stubGlobal('caches', { delete: async (name: string) => kept.delete(name) });
    return kept;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("are deleted on every way out of a session, the app's own files and pages kept", async () => {
    const kept = cacheStorage('api-own', 'api-public', 'assets', 'pages');
    useAuthStore.getState().login(makeToken(claims()));
    useAuthStore.getState().logout();
    await vi.waitFor(() => expect([...kept]).toEqual(['assets', 'pages']));

    const expired = cacheStorage('api-own', 'api-public', 'images');
    const exp = 1_800_000_000;
    useAuthStore.getState().login(makeToken(claims({ exp })));
    useAuthStore.getState().checkTokenExpiry(exp * 1000 + 1);
    await vi.waitFor(() => expect([...expired]).toEqual(['images']));
  });
});
