import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, users } from '../../db/schema/accounts.js';

export type UserRecord = {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  createdAt: Date;
  /** #28: why an admin suspended the account; null while it is not suspended. */
  suspendedReason: string | null;
};
export type UserWithPassword = UserRecord & { passwordHash: string };

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  // Suspended_at and the reason are set together (modules/moderation): the reason stands for both.
  suspendedReason: sql<string | null>`case when ${users.suspendedAt} is null then null
    else coalesce(${users.suspendedReason}, '') end`,
};

export async function insertUser(
  db: Db,
  values: {
    name: string;
    email: string;
    passwordHash: string;
    role?: 'user' | 'admin';
    signupNetwork?: string;
    createdAt?: Date;
  },
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

export type LoginFailureCounts = { pair: number; email: number; ip: number };

/** Failures of this e-mail from this IP, of this e-mail from anywhere, and from this IP for anyone. */
export async function countLoginFailures(
  db: Db,
  key: { email: string; ip: string },
  since: { pair: Date; email: Date; ip: Date },
): Promise<LoginFailureCounts> {
  const [byEmail] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${loginFailures.ip} = ${key.ip} and ${loginFailures.failedAt} > ${since.pair})`.mapWith(
        Number,
      ),
      email: count(),
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, key.email), gt(loginFailures.failedAt, since.email)));
  const [byIp] = await db
    .select({ ip: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, key.ip), gt(loginFailures.failedAt, since.ip)));
  return { pair: byEmail?.pair ?? 0, email: byEmail?.email ?? 0, ip: byIp?.ip ?? 0 };
}

export async function insertLoginFailure(
  db: Db,
  failure: { email: string; ip: string; failedAt: Date },
): Promise<void> {
  await db.insert(loginFailures).values(failure);
}

/** Clears this e-mail + IP's failures after a good sign-in, and anything older than `olderThan` for everyone. */
export async function deleteLoginFailures(
  db: Db,
  key: { email: string; ip: string },
  olderThan: Date,
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      or(
        and(eq(loginFailures.email, key.email), eq(loginFailures.ip, key.ip)),
        lt(loginFailures.failedAt, olderThan),
      ),
    );
}
