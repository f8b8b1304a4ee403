import { createHash, type Hash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** Below this a compressed copy saves less than its headers cost (the same line as the app's compression). */
export const COMPRESS_FROM_BYTES = 1024;
const BROTLI_QUALITY = 6;

function compress(raw: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(raw, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gzipSync(raw);
}

const weakTag = (hash: Hash) => `W/"${hash.digest('base64url').slice(0, 27)}"`;

/**
 * A JSON answer encoded once through its response schema and kept as bytes. Cached catalogue answers
 * are read far more often than they change, so a hit is sent as it is: no schema pass, no
 * JSON.stringify and, for a phone that accepts brotli or gzip, no compression per request — each
 * compressed copy is made on first demand and kept with the body (docs/PERFORMANCE.md). Its ETag
 * comes from the bytes, so a client asking again for an answer it already has gets a bodiless 304.
 */
export class JsonBody {
  readonly #compressed = new Map<Encoding, Buffer>();
  /** Weak: the same JSON sent brotli-, gzip- or un-compressed is one answer. */
  readonly etag: string;

  /** `etag`: one already known to stand for these bytes, so they are not hashed again. */
  constructor(
    readonly raw: Buffer,
    etag?: string,
  ) {
    this.etag = etag ?? weakTag(createHash('sha256').update(raw));
  }

  compressed(encoding: Encoding): Buffer {
    let copy = this.#compressed.get(encoding);
    if (!copy) {
      copy = compress(this.raw, encoding);
      this.#compressed.set(encoding, copy);
    }
    return copy;
  }
}

export function encodeJsonBody<S extends z.ZodType>(schema: S, data: z.output<S>): JsonBody {
  return new JsonBody(Buffer.from(JSON.stringify(z.encode(schema, data))));
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * A JSON array of bodies already encoded, each through the array's item schema: no pass again. Its
 * ETag is made of theirs, which stand for their bytes, so the array's bytes are not hashed.
 */
export function jsonArrayOf(items: JsonBody[]): JsonBody {
  const parts: Buffer[] = [OPEN];
  const hash = createHash('sha256').update('[');
  items.forEach((item, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(item.raw);
    hash.update(item.etag);
  });
  parts.push(CLOSE);
  return new JsonBody(Buffer.concat(parts), weakTag(hash));
}

/** True when `If-None-Match` names this ETag (or is `*`); weak comparison, as RFC 9110 asks for GET. */
function alreadyHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

const varyOnEncoding = (reply: FastifyReply) => {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
};

/**
 * Sends `raw` (its content type already set) in the best encoding the caller accepts; `compressed`
 * gives the bytes for an encoding, compressed for this answer unless told otherwise.
 */
function sendEncoded(
  reply: FastifyReply,
  raw: Buffer,
  compressed: (encoding: Encoding) => Buffer = (encoding) => compress(raw, encoding),
): FastifyReply {
  if (raw.length < COMPRESS_FROM_BYTES) return reply.send(raw);
  const accepted = reply.request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted.toLowerCase(), ENCODINGS) : null;
  if (!encoding) return reply.send(raw);
  return reply.header('content-encoding', encoding).send(compressed(encoding));
}

/**
 * Sends an encoded body in the best encoding the caller accepts, or 304 when the caller already holds
 * it. Fastify passes a body with a JSON content type through unserialized, and the compression
 * plugin leaves an answer that already has a content encoding alone.
 */
export function sendJsonBody(reply: FastifyReply, body: JsonBody): FastifyReply {
  reply.header('etag', body.etag);
  if (body.raw.length >= COMPRESS_FROM_BYTES) varyOnEncoding(reply);
  if (alreadyHeld(reply.request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  return sendEncoded(reply, body.raw, (encoding) => body.compressed(encoding));
}

/**
 * Sends a page the server built (its content type already set), compressed for a caller that
 * accepts it. Pages are not routes, so the compression plugin, which hooks routes, never sees them.
 */
export function sendPage(reply: FastifyReply, html: string): FastifyReply {
  const raw = Buffer.from(html);
  if (raw.length >= COMPRESS_FROM_BYTES) varyOnEncoding(reply);
  return sendEncoded(reply, raw);
}
