import { TokenClaims } from '@sokoni/contracts/auth';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
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
    const claims = TokenClaims.safeParse(JSON.parse(decodeBase64Url(payload)));
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}
