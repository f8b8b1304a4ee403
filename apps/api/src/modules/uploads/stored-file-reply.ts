import type { FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import { AppError } from '../../lib/errors.js';
import {
  contentTypeOf,
  RangeNotSatisfiableError,
  type ByteRange,
  type FileStats,
  type FileStore,
  type OpenedFile,
} from './file-store.js';

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** 416, with Content-Range `bytes *\/<size>` so that the client knows what it may ask for. */
export function rangeNotSatisfiable(reply: FastifyReply, contentRange: string | undefined): AppError {
  reply.headers({ 'content-range': contentRange });
  return new AppError('RANGE_NOT_SATISFIABLE', UPLOAD_MESSAGES.rangeNotSatisfiable, 416);
}

/**
 * The one range a Range header asks for. Several ranges, another unit or a malformed range are
 * answered with the whole file, as @fastify/send answers them.
 */
function rangeAskedFor(header: string | undefined): ByteRange | undefined {
  const [, first = '', last = ''] = SINGLE_RANGE.exec(header?.trim() ?? '') ?? [];
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  if (last === '') return { start: Number(first) };
  return Number(last) < Number(first) ? undefined : { start: Number(first), end: Number(last) };
}

/** Whether If-None-Match names this entity tag, compared weakly (RFC 9110 for GET). */
function isNamedIn(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Sends a file of a store that is not this machine's disk (a bucket) as @fastify/send sends one from
 * the disk: its type by its name, its entity tag and time, a range asked for (206, or 416 with the
 * size), 304 to a client whose copy is current; `headers` besides. Answers whether it sent one: not
 * when no file is stored at `url`.
 */
export async function sendStoredFile(
  files: FileStore,
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  headers: Record<string, string>,
): Promise<boolean> {
  const describing = (file: FileStats) => ({
    ...headers,
    'accept-ranges': 'bytes',
    etag: file.etag,
    'last-modified': file.lastModified.toUTCString(),
  });
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) {
    // A browser revalidating its copy is answered from the file's metadata, without its bytes.
    const stats = await files.stat(url);
    if (!stats) return false;
    if (isNamedIn(ifNoneMatch, stats.etag)) {
      reply.code(304).headers(describing(stats)).send();
      return true;
    }
  }
  let file: OpenedFile | null;
  try {
    file = await files.open(url, rangeAskedFor(request.headers.range));
  } catch (error) {
    if (error instanceof RangeNotSatisfiableError) throw rangeNotSatisfiable(reply, `bytes */${error.size}`);
    throw error;
  }
  if (!file) return false;
  reply.headers({ ...describing(file), 'content-type': contentTypeOf(url) });
  if (file.range) {
    const { start, end } = file.range;
    reply.code(206).headers({
      'content-range': `bytes ${start}-${end}/${file.size}`,
      'content-length': end - start + 1,
    });
  } else {
    reply.header('content-length', file.size);
  }
  reply.send(file.body);
  return true;
}
