import { sql } from 'drizzle-orm';
import type { UserProfile } from '@sokoni/contracts/auth';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import type { Db } from '../../db/client.js';
import { conflict, isUniqueViolation, notFound, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { TokenService } from '../../lib/tokens.js';
import * as repo from './accounts.repository.js';
import { hashPassword, makeDecoyHash, verifyPassword } from './passwords.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(deps: { db: Db; tokens: TokenService; now?: () => number }) {
  const { db, tokens } = deps;
  const now = deps.now ?? Date.now;
  const decoyHash = makeDecoyHash();

  const issueToken = (user: repo.UserRecord) =>
    tokens.sign({ id: user.id, name: user.name, email: user.email, role: user.role });

  /**
   * Counts this try as a failure before checking the password, under a lock on the key, so even
   * many concurrent tries cannot get past the limit; a good password then clears the key.
   */
  async function reserveLoginAttempt(throttleKey: string): Promise<void> {
    const at = new Date(now());
    const windowStart = new Date(at.getTime() - LOGIN_FAILURE_WINDOW_MS);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${throttleKey}))`);
      const failures = await repo.countLoginFailuresSince(tx, throttleKey, windowStart);
      if (failures >= LOGIN_FAILURE_LIMIT) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
      await repo.insertLoginFailure(tx, throttleKey, at);
    });
  }

  return {
    async register(input: { name: string; email: string; password: string }): Promise<string> {
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await repo.insertUser(db, { name: input.name, email: input.email, passwordHash });
        return await issueToken(user);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');
        throw error;
      }
    },

    async login(input: { email: string; password: string }, ip: string): Promise<string> {
      const throttleKey = `${input.email}|${ip}`;
      await reserveLoginAttempt(throttleKey);
      const user = await repo.findUserByEmail(db, input.email);
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
      if (!user || !passwordOk) throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      await repo.deleteLoginFailures(db, throttleKey, new Date(now() - LOGIN_FAILURE_WINDOW_MS));
      return issueToken(user);
    },

    /** Anyone may see a user's name and join date; only the user sees their own e-mail. */
    async getProfile(id: string, callerId: string | undefined): Promise<UserProfile> {
      const user = isUuid(id) ? await repo.findUserById(db, id) : undefined;
      if (!user) throw notFound('User not found.', 'USER_NOT_FOUND');
      return {
        id: user.id,
        name: user.name,
        createdAt: user.createdAt.toISOString(),
        ...(callerId === user.id ? { email: user.email } : {}),
      };
    },
  };
}
