import { describe, expect, it } from 'vitest';
import { validateCheckoutEmail } from './checkout-email';

describe('checkout e-mail check', () => {
  it('accepts an address with a name, an @ and a dotted domain', () => {
    expect(validateCheckoutEmail('amina@sokoni.co.ke')).toBeNull();
    expect(validateCheckoutEmail('  wanjiru@example.com ')).toBeNull();
  });

  it('refuses anything else with the spec message', () => {
    for (const email of ['', 'amina', 'amina@sokoni', '@sokoni.co.ke', 'amina @sokoni.co.ke', 'amina@.']) {
      expect(validateCheckoutEmail(email)).toBe('Please enter a valid email');
    }
  });
});
