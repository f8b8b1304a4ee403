import { describe, expect, it } from 'vitest';
import { decodeToken } from './decode-token';

const base64Url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const tokenWithPayload = (payload: string) => `${header}.${base64Url(payload)}.sig`;
const tokenWith = (claims: unknown) => tokenWithPayload(JSON.stringify(claims));

const CLAIMS = {
  sub: '6f1c2d4e-0000-4000-8000-000000000001',
  name: 'Amina Wanjiru',
  email: 'amina@sokoni.co.ke',
  role: 'user',
  exp: 1_800_000_000,
};

describe('decodeToken', () => {
  it('reads the claims of a token, with or without a name', () => {
    expect(decodeToken(tokenWith(CLAIMS))).toEqual(CLAIMS);
    const { name: _name, ...nameless } = CLAIMS;
    expect(decodeToken(tokenWith({ ...nameless, role: 'admin' }))).toEqual({ ...nameless, role: 'admin' });
  });

  it('answers null for a malformed payload: not base64, not JSON, or not an object', () => {
    expect(decodeToken('no-dots')).toBeNull();
    expect(decodeToken(`${header}..sig`)).toBeNull();
    expect(decodeToken(`${header}.%%%.sig`)).toBeNull();
    expect(decodeToken(tokenWithPayload('{"sub":'))).toBeNull();
    for (const payload of [null, 42, 'text', [CLAIMS]]) expect(decodeToken(tokenWith(payload))).toBeNull();
  });

  it('answers null when a claim is missing or of the wrong type', () => {
    for (const key of ['sub', 'email', 'role', 'exp'] as const) {
      const { [key]: _omitted, ...rest } = CLAIMS;
      expect(decodeToken(tokenWith(rest)), `without ${key}`).toBeNull();
    }
    expect(decodeToken(tokenWith({ ...CLAIMS, exp: '1800000000' }))).toBeNull();
    expect(decodeToken(tokenWith({ ...CLAIMS, name: 7 }))).toBeNull();
    expect(decodeToken(tokenWith({ ...CLAIMS, sub: null }))).toBeNull();
    expect(decodeToken(tokenWith({ ...CLAIMS, role: 'owner' }))).toBeNull();
  });
});
