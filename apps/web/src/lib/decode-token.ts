import type { TokenClaims } from '@sokoni/contracts/auth';
import { ROLES } from '@sokoni/contracts/auth-messages';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const isRole = (value: unknown): value is TokenClaims['role'] => ROLES.some((role) => role === value);

/**
 * The claims we rely on, or null. Checked by hand rather than with the contract's schema: this runs
 * in the app shell of every page, which loads no zod (the server checks the token with TokenClaims).
 */
function claimsOf(value: unknown): TokenClaims | null {
  if (typeof value !== 'object' || value === null) return null;
  const { sub, name, email, role, exp } = value as Record<string, unknown>;
  if (typeof sub !== 'string' || typeof email !== 'string' || !isRole(role) || typeof exp !== 'number')
    return null;
  if (name !== undefined && typeof name !== 'string') return null;
  return name === undefined ? { sub, email, role, exp } : { sub, name, email, role, exp };
}

/**
 * Reads the claims of a JWT without verifying its signature: the server verifies it on
 * every request, the client only needs to know who is signed in and until when.
 * Returns null for anything that is not a token with the claims we rely on.
 */
export function decodeToken(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    return claimsOf(JSON.parse(decodeBase64Url(payload)));
  } catch {
    return null;
  }
}
