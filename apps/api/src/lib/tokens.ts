import { SignJWT, jwtVerify } from 'jose';
import { TokenClaims, type Role } from '@sokoni/contracts/auth';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export type TokenSubject = { id: string; name: string; email: string; role: Role };
export type AuthUser = TokenClaims;

export type TokenService = {
  sign(subject: TokenSubject): Promise<string>;
  /** Throws on a bad signature, a wrong algorithm, expiry or malformed claims. */
  verify(token: string): Promise<AuthUser>;
};

export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(subject) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ name: subject.name, email: subject.email, role: subject.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: new Date(now()),
      });
      return TokenClaims.parse(payload);
    },
  };
}
