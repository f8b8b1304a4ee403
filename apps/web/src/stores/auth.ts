import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { forgetApiAnswers } from '@/lib/api-caches';
import { decodeToken } from '@/lib/decode-token';

export type AuthUser = {
  id: string;
  name: string;
  email: string;
  role: string;
  token: string;
};

type AuthState = {
  user: AuthUser | null;
  /** Signs in with a fresh access token; throws when the token cannot be read. */
  login: (token: string) => AuthUser;
  /** Like login, but a token without a name claim falls back to the name typed into the form. */
  signup: (token: string, submittedName: string) => AuthUser;
  /** Signs out, and deletes the API answers kept for reading offline (#29): every way out of a session. */
  logout: () => void;
  /** Signs out when the stored token has expired or cannot be decoded (run at app start). */
  checkTokenExpiry: (now?: number) => void;
};

export const AUTH_STORAGE_KEY = 'auth-storage';

function userFromToken(token: string, fallbackName = ''): AuthUser {
  const claims = decodeToken(token);
  if (!claims) throw new Error(AUTH_MESSAGES.invalidToken);
  return {
    id: claims.sub,
    name: claims.name ?? fallbackName,
    email: claims.email,
    role: claims.role,
    token,
  };
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      user: null,
      login: (token) => {
        const user = userFromToken(token);
        set({ user });
        return user;
      },
      signup: (token, submittedName) => {
        const user = userFromToken(token, submittedName.trim());
        set({ user });
        return user;
      },
      logout: () => {
        set({ user: null });
        void forgetApiAnswers();
      },
      checkTokenExpiry: (now = Date.now()) => {
        const token = get().user?.token;
        if (!token) return;
        const claims = decodeToken(token);
        if (!claims) {
          console.warn(AUTH_MESSAGES.invalidToken);
          get().logout();
          return;
        }
        if (claims.exp * 1000 < now) get().logout();
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user }),
    },
  ),
);
