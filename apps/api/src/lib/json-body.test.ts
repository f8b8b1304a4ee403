import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COMPRESS_FROM_BYTES, encodeJsonBody, jsonArrayOf, sendJsonBody } from './json-body.js';

const Item = z.object({ name: z.string(), at: z.iso.datetime() });
const big = encodeJsonBody(
  z.array(Item),
  Array.from({ length: 40 }, (_, i) => ({ name: `Mkokoteni ${i}`, at: '2026-11-22T08:00:00.000Z' })),
);
const small = encodeJsonBody(Item, { name: 'Sufuria', at: '2026-11-22T08:00:00.000Z' });
const app = Fastify();
app.get('/big', async (_request, reply) => sendJsonBody(reply, big));
app.get('/small', async (_request, reply) => sendJsonBody(reply, small));

beforeAll(() => app.ready());
afterAll(() => app.close());

describe('encoded JSON bodies', () => {
  it('encodes through the schema once', () => {
    expect(big.raw.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(JSON.parse(small.raw.toString())).toEqual({ name: 'Sufuria', at: '2026-11-22T08:00:00.000Z' });
    expect(() => encodeJsonBody(Item, { name: 'Sufuria', at: 'yesterday' })).toThrow();
  });

  it('joins bodies already encoded into an array, with an ETag that changes with any item or their order', () => {
    const items = ['Sufuria', 'Jiko', 'Kikapu'].map((name) =>
      encodeJsonBody(Item, { name, at: '2026-11-22T08:00:00.000Z' }),
    );
    const joined = jsonArrayOf(items);
    expect(joined.raw.toString()).toBe(
      JSON.stringify(['Sufuria', 'Jiko', 'Kikapu'].map((name) => ({ name, at: '2026-11-22T08:00:00.000Z' }))),
    );
    expect(jsonArrayOf([]).raw.toString()).toBe('[]');
    expect(jsonArrayOf(items).etag).toBe(joined.etag);
    expect(jsonArrayOf([items[1]!, items[0]!, items[2]!]).etag).not.toBe(joined.etag);
    expect(jsonArrayOf(items.slice(0, 2)).etag).not.toBe(joined.etag);
    const other = encodeJsonBody(Item, { name: 'Sahani', at: '2026-11-22T08:00:00.000Z' });
    expect(jsonArrayOf([other, ...items.slice(1)]).etag).not.toBe(joined.etag);
  });

  it('sends brotli to a caller that accepts it, and the same copy every time', async () => {
    const first = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(first.rawPayload).equals(big.raw)).toBe(true);
    expect(Number(first.headers['content-length'])).toBeLessThan(big.raw.length / 3);
    expect(big.compressed('br')).toBe(big.compressed('br'));
  });

  it('sends gzip when brotli is not accepted, and plain JSON when nothing is', async () => {
    const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(big.raw)).toBe(true);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await app.inject({ url: '/big', headers });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.rawPayload.equals(big.raw)).toBe(true);
    }
  });

  it('answers 304 with no body to a caller that already holds the answer, in any encoding', async () => {
    const first = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      const again = await app.inject({ url: '/big', headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe('accept-encoding');
    }
    const changed = await app.inject({ url: '/big', headers: { 'if-none-match': small.etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(big.raw)).toBe(true);
    expect(encodeJsonBody(z.array(Item), JSON.parse(big.raw.toString())).etag).toBe(etag);
  });

  it('leaves a small body uncompressed', async () => {
    const response = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ name: 'Sufuria', at: '2026-11-22T08:00:00.000Z' });
  });
});
