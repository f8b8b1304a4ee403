import { describe, expect, it } from 'vitest';
import { networkOf } from './standing.js';

describe('networkOf', () => {
  it('puts an IPv4 address in its /24', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.1')).toBe(networkOf('203.0.113.254'));
    expect(networkOf('203.0.114.1')).not.toBe(networkOf('203.0.113.1'));
  });

  it('reads an IPv4 address written as IPv6 as the IPv4 one', () => {
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:cb00:714d')).toBe('203.0.113.0/24');
  });

  it('puts an IPv6 address in its /56, however it is written', () => {
    expect(networkOf('2001:db8:aa:bb12::1')).toBe('2001:db8:aa:bb00::/56');
    expect(networkOf('2001:0db8:00aa:bbff:1:2:3:4')).toBe('2001:db8:aa:bb00::/56');
    expect(networkOf('2001:db8:aa:bc00::1')).not.toBe(networkOf('2001:db8:aa:bb00::1'));
    expect(networkOf('::1')).toBe('0:0:0:0::/56');
  });
});
