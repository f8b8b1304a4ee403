import { describe, expect, it } from 'vitest';
import { createSiteOrigins } from './site-origins.js';

const base = { publicUrl: undefined, host: '127.0.0.1', port: 3000, callbackOrigins: [] };

describe('createSiteOrigins', () => {
  it('is PUBLIC_URL when it is set, plus the listed callback origins', () => {
    const origins = createSiteOrigins(
      { ...base, publicUrl: 'https://sokoni.co.ke/shop', callbackOrigins: ['https://m.sokoni.co.ke'] },
      () => 4000,
    );
    expect(origins.primary()).toBe('https://sokoni.co.ke');
    expect(origins.callbackOrigins()).toEqual(['https://sokoni.co.ke', 'https://m.sokoni.co.ke']);
  });

  it('is where the server listens otherwise, by each loopback name, with the port of the socket', () => {
    const origins = createSiteOrigins({ ...base, port: 0 }, () => 41_234);
    expect(origins.primary()).toBe('http://127.0.0.1:41234');
    expect(origins.callbackOrigins()).toEqual([
      'http://127.0.0.1:41234',
      'http://localhost:41234',
      'http://[::1]:41234',
    ]);
  });

  it('names a host the server was told to listen on, and never guesses another', () => {
    const origins = createSiteOrigins({ ...base, host: 'shop.internal' }, () => undefined);
    expect(origins.primary()).toBe('http://shop.internal:3000');
    expect(origins.callbackOrigins()).toEqual(['http://shop.internal:3000']);
  });
});
