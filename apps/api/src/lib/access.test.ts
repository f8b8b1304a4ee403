import { describe, expect, it } from 'vitest';
import { refuseOwn, requireAccess } from './access.js';
import { forbidden, notFound } from './errors.js';
import type { AuthUser } from './tokens.js';

const caller: AuthUser = {
  sub: 'u-amina',
  name: 'Amina',
  email: 'amina@example.co.ke',
  role: 'user',
  exp: 0,
};
const missing = () => notFound('Order not found.', 'ORDER_NOT_FOUND');
const refused = () => forbidden('You can only edit your own products', 'NOT_OWNER');

describe('requireAccess', () => {
  it("answers the caller's own record", () => {
    const order = { id: 'o1', userId: 'u-amina' };
    expect(requireAccess(caller, order, { ownerOf: (own) => own.userId, notFound: missing })).toBe(order);
  });

  it("answers another's record like a missing one, unless the rule refuses them in its own words", () => {
    const theirs = { id: 'o2', userId: 'u-brian' };
    for (const record of [theirs, undefined]) {
      expect(() =>
        requireAccess(caller, record, { ownerOf: (own) => own.userId, notFound: missing }),
      ).toThrow(expect.objectContaining({ statusCode: 404, code: 'ORDER_NOT_FOUND' }));
    }
    const access = { ownerOf: (own: { userId: string }) => own.userId, notFound: missing, notOwner: refused };
    expect(() => requireAccess(caller, theirs, access)).toThrow(
      expect.objectContaining({ statusCode: 403, code: 'NOT_OWNER' }),
    );
    expect(() => requireAccess<{ userId: string }>(caller, undefined, access)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
  });
});

describe('refuseOwn', () => {
  it("refuses the caller's own record and lets anyone else's through", () => {
    expect(() => refuseOwn(caller, 'u-amina', refused)).toThrow(
      expect.objectContaining({ code: 'NOT_OWNER' }),
    );
    expect(() => refuseOwn(caller, 'u-brian', refused)).not.toThrow();
  });
});
