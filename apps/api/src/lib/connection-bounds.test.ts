import { describe, expect, it } from 'vitest';
import { clientOf } from './connection-bounds.js';

describe('clientOf', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    expect(clientOf('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(clientOf('2001:0db8:00aa:00bb:ffff:1:2:3')).toBe('2001:db8:aa:bb::/64');
    expect(clientOf('2001:db8:aa:bc::1')).not.toBe(clientOf('2001:db8:aa:bb::1'));
  });

  it('counts an IPv4 client by its own address, also when it is written as IPv6', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7');
    expect(clientOf('::ffff:203.0.113.8')).not.toBe(clientOf('::ffff:203.0.113.7'));
  });
});
