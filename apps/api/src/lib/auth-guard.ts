import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { unauthorized } from './errors.js';
import type { AuthUser, TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null for a visitor. */
    user: AuthUser | null;
  }
}

/** The account a token names, as it is now; undefined once it no longer exists. */
export type FindAccount = (id: string) => Promise<Pick<AuthUser, 'name' | 'email' | 'role'> | undefined>;

/**
 * Reads the bearer token on every request. A token that is present but expired or forged is refused
 * with 401 everywhere, so a client with a stale session learns it at once and signs out. A good
 * signature is not enough: the account must still exist, and its name, e-mail and role are read
 * from it rather than from the token, so a removed user or a withdrawn role stops at once.
 */
export const authGuard = fp(
  async (app: FastifyInstance, options: { tokens: TokenService; findAccount: FindAccount }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header) return;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw unauthorized(AUTH_MESSAGES.sessionExpired, 'INVALID_TOKEN');
      let claims: AuthUser;
      try {
        claims = await options.tokens.verify(match[1]);
      } catch {
        throw unauthorized(AUTH_MESSAGES.sessionExpired, 'INVALID_TOKEN');
      }
      const account = await options.findAccount(claims.sub);
      if (!account) throw unauthorized(AUTH_MESSAGES.sessionExpired, 'ACCOUNT_GONE');
      request.user = { ...claims, ...account };
    });
  },
  { name: 'auth-guard' },
);

/** For routes that need a signed-in caller. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(AUTH_MESSAGES.authRequired);
  return request.user;
}

/** Route hook: refuse visitors before the body is even validated. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
