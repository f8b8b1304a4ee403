import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Who is asking, as far as bounds that must not be multiplied are concerned: whether their account
 * is new, and the network they ask from (docs/decisions/0015). Many accounts on one network share
 * that network's bound while they are new; established accounts behind a shared address (a mobile
 * carrier's NAT puts thousands of Kenyans behind one) are never counted together.
 */
export type Standing = { young: boolean; network: string };

/** The full hextets of an IPv6 address (`::` expanded), or undefined if it is not one. */
export function hextets(address: string): string[] | undefined {
  if (!isIPv6(address)) return undefined;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail ('::ffff:1.2.3.4') stands for two hextets.
  const expand = (parts: string[]) =>
    parts.flatMap((part) => {
      if (!isIPv4(part)) return [part];
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const l = expand(left);
  const r = expand(right);
  const fill = tail === undefined ? [] : Array.from({ length: 8 - l.length - r.length }, () => '0');
  return [...l, ...fill, ...r].map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The network an address belongs to, as one subscriber or one small provider holds it: an IPv4
 * address's /24, an IPv6 address's /56 (what a home line is given; a phone gets a /64 inside one).
 * An IPv4 address written as IPv6 ('::ffff:1.2.3.4') is the IPv4 one.
 */
export function networkOf(address: string): string {
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  const parts = hextets(address);
  if (!parts) return address;
  if (parts.slice(0, 5).every((part) => part === '0') && parts[5] === 'ffff') {
    const [high = 0, low = 0] = [parseInt(parts[6] ?? '0', 16), parseInt(parts[7] ?? '0', 16)];
    return networkOf(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  const third = parseInt(parts[3] ?? '0', 16) & 0xff00;
  return `${parts.slice(0, 3).join(':')}:${third.toString(16)}::/56`;
}

/**
 * The standing of the caller of a `user` route, which the auth guard read with their account. Its
 * absence is a route declared `public` that should not be: a fault of ours.
 */
export function standingOf(request: FastifyRequest): Standing {
  if (!request.standing)
    throw new Error(`${request.method} ${request.url}: no standing on a route that needs one`);
  return request.standing;
}
