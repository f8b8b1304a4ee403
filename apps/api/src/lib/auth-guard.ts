import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { MODERATION_TEXTS } from '@sokoni/contracts/moderation-rules';
import { isYoungAccount } from '@sokoni/contracts/standing';
import { forbidden, unauthorized } from './errors.js';
import { networkOf, type Standing } from './standing.js';
import type { AuthUser, TokenService } from './tokens.js';

/** Who may call a route. Every API route says which, in `config.access`; none is open by omission. */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** What a visitor is told on a `user` route, where the spec words it (e.g. creating an event). */
    signInMessage?: string;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null for a visitor. */
    user: AuthUser | null;
    /** The caller's standing (null for a visitor): lib/standing.ts. */
    standing: Standing | null;
  }
}

/**
 * The account a token names, as it is now, with why it is suspended (null: it is not); undefined once
 * it no longer exists.
 */
export type FindAccount = (
  id: string,
) => Promise<
  | (Pick<AuthUser, 'name' | 'email' | 'role'> & { createdAt: Date; suspendedReason: string | null })
  | undefined
>;

const refuseVisitors: onRequestHookHandler = (request, _reply, done) => {
  const message = request.routeOptions.config.signInMessage ?? AUTH_MESSAGES.authRequired;
  done(request.user ? undefined : unauthorized(message, 'AUTH_REQUIRED'));
};

const refuseAllButAdmins: onRequestHookHandler = (request, _reply, done) => {
  if (!request.user) return done(unauthorized(AUTH_MESSAGES.authRequired, 'AUTH_REQUIRED'));
  done(request.user.role === 'admin' ? undefined : forbidden(AUTH_MESSAGES.adminOnly, 'ADMIN_ONLY'));
};

const GUARDS: Record<Exclude<Access, 'public'>, onRequestHookHandler> = {
  user: refuseVisitors,
  admin: refuseAllButAdmins,
};

/**
 * Deny by default. Every route registered in the scope must declare its access, or registration
 * fails; a `user` or `admin` route refuses the wrong caller before its body is even read, and is
 * marked with the bearer scheme in the OpenAPI document.
 *
 * Reads the bearer token on every request. A token that is present but expired or forged is refused
 * with 401 everywhere, so a client with a stale session learns it at once and signs out. A good
 * signature is not enough: the account must still exist and not be suspended (#28: its sessions
 * end with the reason, 401, so the client signs out), and its name, e-mail and role are read from it
 * rather than from the token, so a removed user, a suspension or a withdrawn role stops at once.
 */
export const authGuard = fp(
  async (
    app: FastifyInstance,
    options: { tokens: TokenService; findAccount: FindAccount; now: () => number },
  ) => {
    app.decorateRequest('user', null);
    app.decorateRequest('standing', null);
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access) {
        throw new Error(
          `${String(route.method)} ${route.url} declares no access: give it config.access 'public', 'user' or 'admin'.`,
        );
      }
      if (access === 'public') return;
      route.onRequest = [GUARDS[access], ...[route.onRequest ?? []].flat()];
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });
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
      const { createdAt, suspendedReason, ...current } = account;
      if (suspendedReason !== null)
        throw unauthorized(MODERATION_TEXTS.suspended(suspendedReason), 'ACCOUNT_SUSPENDED');
      request.user = { ...claims, ...current };
      request.standing = {
        young: isYoungAccount(createdAt, options.now()),
        network: networkOf(request.ip),
      };
    });
  },
  { name: 'auth-guard' },
);

/**
 * The caller of a `user` or `admin` route, which the guard has already let in. Its absence is a
 * route declared `public` that should not be: a fault of ours, answered as one.
 */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error(`${request.method} ${request.url}: no caller on a route that needs one`);
  return request.user;
}
