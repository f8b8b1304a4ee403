import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

// @node-rs/argon2 defaults to argon2id with m=19 MiB, t=2, p=1 (the OWASP recommendation).
export const hashPassword = (password: string): Promise<string> => hash(password);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

/** A hash of nothing anyone knows: checked against when the e-mail is unknown, so both failures take as long. */
export const makeDecoyHash = (): Promise<string> => hash(randomBytes(32).toString('hex'));
