import { randomBytes } from 'node:crypto';
import { hashPassword } from '../modules/accounts/passwords.js';
import { insertUser } from '../modules/accounts/accounts.repository.js';
import type { SeedContext } from './context.js';

/** Demo accounts, listed in README. Only ever loaded with SEED=sample into an empty database. */
export const DEMO_PASSWORD = 'Karibu2026!';
export const DEMO_USERS = [
  { key: 'amina', name: 'Amina Wanjiru', email: 'amina@sokoni.co.ke', role: 'user' },
  { key: 'brian', name: 'Brian Otieno', email: 'brian@sokoni.co.ke', role: 'user' },
  { key: 'admin', name: 'Sokoni Admin', email: 'admin@sokoni.co.ke', role: 'admin' },
] as const;

/** Shoppers who wrote the sample reviews; their passwords are random, so nobody signs in as them. */
export const SAMPLE_REVIEWERS = [
  'Kevin Mutiso',
  'Faith Chebet',
  'Hassan Abdi',
  'Grace Nyambura',
  'Peter Kamau',
];

/**
 * The sample's accounts have been members for over a year, as the trips, sales and certificates
 * around them say: the smaller bounds of new accounts (docs/decisions/0015) are not theirs.
 */
const MEMBER_FOR_MS = 420 * 24 * 60 * 60 * 1000;

export async function seedUsers({ db, users, now }: SeedContext): Promise<void> {
  const createdAt = new Date(now - MEMBER_FOR_MS);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    const user = await insertUser(db, {
      name: demo.name,
      email: demo.email,
      role: demo.role,
      passwordHash,
      createdAt,
    });
    users.set(demo.key, user.id);
  }
  const unusableHash = await hashPassword(randomBytes(24).toString('hex'));
  for (const [index, name] of SAMPLE_REVIEWERS.entries()) {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@sample.sokoni.co.ke`;
    const user = await insertUser(db, { name, email, passwordHash: unusableHash, createdAt });
    users.set(`reviewer-${index}`, user.id);
  }
}
