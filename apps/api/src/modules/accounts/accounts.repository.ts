import { and, count, eq, gt, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, users } from '../../db/schema/accounts.js';

export type UserRecord = {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  createdAt: Date;
};
export type UserWithPassword = UserRecord & { passwordHash: string };

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
};

export async function insertUser(
  db: Db,
  values: { name: string; email: string; passwordHash: string; role?: 'user' | 'admin' },
): Promise<UserRecord> {
  const [row] = await db.insert(users).values(values).returning(userColumns);
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserWithPassword | undefined> {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}

export async function countLoginFailuresSince(db: Db, throttleKey: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.throttleKey, throttleKey), gt(loginFailures.failedAt, since)));
  return row?.total ?? 0;
}

export async function insertLoginFailure(db: Db, throttleKey: string, failedAt: Date): Promise<number> {
  const [row] = await db
    .insert(loginFailures)
    .values({ throttleKey, failedAt })
    .returning({ id: loginFailures.id });
  if (!row) throw new Error('insert into login_failures returned no row');
  return row.id;
}

/** Clears the key's failures after a good sign-in, and anything older than the window for everyone. */
export async function deleteLoginFailures(db: Db, throttleKey: string, olderThan: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(or(eq(loginFailures.throttleKey, throttleKey), lt(loginFailures.failedAt, olderThan)));
}
