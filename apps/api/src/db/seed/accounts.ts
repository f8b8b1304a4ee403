import { hashPassword } from '../../modules/accounts/passwords.js';
import { insertUser } from '../../modules/accounts/accounts.repository.js';
import type { SeedContext } from './context.js';

/** Demo accounts, listed in README. Only ever loaded with SEED=sample into an empty database. */
export const DEMO_PASSWORD = 'Karibu2026!';
export const DEMO_USERS = [
  { key: 'amina', name: 'Amina Wanjiru', email: 'amina@sokoni.co.ke', role: 'user' },
  { key: 'brian', name: 'Brian Otieno', email: 'brian@sokoni.co.ke', role: 'user' },
  { key: 'admin', name: 'Sokoni Admin', email: 'admin@sokoni.co.ke', role: 'admin' },
] as const;

export async function seedUsers({ db, users }: SeedContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    const user = await insertUser(db, { name: demo.name, email: demo.email, role: demo.role, passwordHash });
    users.set(demo.key, user.id);
  }
}
