import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export type RegisteredUser = { id: string; name: string; email: string; password: string; token: string };

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<Pick<RegisteredUser, 'name' | 'email' | 'password'>> = {},
): Promise<RegisteredUser> {
  const input = {
    name: overrides.name ?? 'Wanjiku Kamau',
    email: overrides.email ?? `user-${randomBytes(5).toString('hex')}@example.co.ke`,
    password: overrides.password ?? 'Passw0rd!',
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const token = response.json<{ access_token: string }>().access_token;
  return { ...input, email: input.email.toLowerCase(), id: claimsOf(token).sub, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
