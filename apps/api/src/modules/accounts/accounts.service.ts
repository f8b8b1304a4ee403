import { sql } from 'drizzle-orm';
import type { UserProfile } from '@sokoni/contracts/auth';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { MODERATION_TEXTS } from '@sokoni/contracts/moderation-rules';
import type { Db } from '../../db/client.js';
import {
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { networkOf } from '../../lib/standing.js';
import type { TokenService } from '../../lib/tokens.js';
import * as repo from './accounts.repository.js';
import { hashPassword, makeDecoyHash, verifyPassword } from './passwords.js';
import { systemClock, type Clock } from '../../lib/clock.js';

const MINUTE_MS = 60 * 1000;

/**
 * Failed sign-ins allowed in a sliding window (docs/decisions/0001): per e-mail from one IP (a
 * person mistyping, a guesser), per e-mail from anywhere (a guesser spread over many IPs — at most
 * 100 an hour, ASVS 2.2.1) and per IP for any e-mail (one machine spraying many accounts). Every
 * block lifts as its window slides on: nobody is locked out for good.
 */
export const LOGIN_LIMITS = {
  pair: { max: 10, windowMs: 15 * MINUTE_MS, message: AUTH_MESSAGES.tooManyAttempts },
  email: { max: 100, windowMs: 60 * MINUTE_MS, message: AUTH_MESSAGES.tooManyAttemptsForAccount },
  ip: { max: 100, windowMs: 15 * MINUTE_MS, message: AUTH_MESSAGES.tooManyAttemptsFromNetwork },
} as const;
const LONGEST_WINDOW_MS = Math.max(...Object.values(LOGIN_LIMITS).map((limit) => limit.windowMs));

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(deps: { db: Db; tokens: TokenService; clock?: Clock }) {
  const { db, tokens } = deps;
  const { now } = deps.clock ?? systemClock;
  const decoyHash = makeDecoyHash();

  const issueToken = (user: repo.UserRecord) =>
    tokens.sign({ id: user.id, name: user.name, email: user.email, role: user.role });

  /**
   * Counts this try as a failure before checking the password, under locks on its e-mail and its
   * IP (taken in one order, so two tries never wait on each other), so even many concurrent tries
   * cannot get past a limit; a good password then clears the e-mail + IP pair.
   */
  async function reserveLoginAttempt(key: { email: string; ip: string }): Promise<void> {
    const at = now();
    const since = (windowMs: number) => new Date(at - windowMs);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        select pg_advisory_xact_lock(lock_id)
        from (select hashtextextended(name, 0) as lock_id
              from unnest(array[${`login-email:${key.email}`}, ${`login-ip:${key.ip}`}]) as name
              order by 1) as ordered`);
      const counts = await repo.countLoginFailures(tx, key, {
        pair: since(LOGIN_LIMITS.pair.windowMs),
        email: since(LOGIN_LIMITS.email.windowMs),
        ip: since(LOGIN_LIMITS.ip.windowMs),
      });
      for (const scope of ['pair', 'email', 'ip'] as const) {
        if (counts[scope] >= LOGIN_LIMITS[scope].max) {
          throw tooManyRequests(LOGIN_LIMITS[scope].message, 'TOO_MANY_SIGN_IN_FAILURES');
        }
      }
      await repo.insertLoginFailure(tx, { ...key, failedAt: new Date(at) });
    });
  }

  return {
    /**
     * Creates the account, noting the network it was made from: new accounts of one network share
     * the bounds that one new account has (docs/decisions/0015).
     */
    async register(input: { name: string; email: string; password: string }, ip: string): Promise<string> {
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await repo.insertUser(db, {
          name: input.name,
          email: input.email,
          passwordHash,
          signupNetwork: networkOf(ip),
        });
        return await issueToken(user);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');
        throw error;
      }
    },

    async login(input: { email: string; password: string }, ip: string): Promise<string> {
      const key = { email: input.email, ip };
      await reserveLoginAttempt(key);
      const user = await repo.findUserByEmail(db, input.email);
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
      if (!user || !passwordOk) throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      await repo.deleteLoginFailures(db, key, new Date(now() - LONGEST_WINDOW_MS));
      // Told only to whoever knows the password: why, and how to appeal (#28).
      if (user.suspendedReason !== null)
        throw forbidden(MODERATION_TEXTS.suspended(user.suspendedReason), 'ACCOUNT_SUSPENDED');
      return issueToken(user);
    },

    /**
     * The account behind a token, for the auth guard, with why it is suspended (null: it is not);
     * undefined when it no longer exists.
     */
    async findAccount(id: string) {
      const user = isUuid(id) ? await repo.findUserById(db, id) : undefined;
      return (
        user && {
          name: user.name,
          email: user.email,
          role: user.role,
          createdAt: user.createdAt,
          suspendedReason: user.suspendedReason,
        }
      );
    },

    /** Anyone may see a user's name and join date; only the user sees their own e-mail. */
    async getProfile(id: string, callerId: string | undefined): Promise<UserProfile> {
      const user = isUuid(id) ? await repo.findUserById(db, id) : undefined;
      if (!user) throw notFound(AUTH_MESSAGES.userNotFound, 'USER_NOT_FOUND');
      return {
        id: user.id,
        name: user.name,
        createdAt: user.createdAt.toISOString(),
        ...(callerId === user.id ? { email: user.email } : {}),
      };
    },
  };
}
