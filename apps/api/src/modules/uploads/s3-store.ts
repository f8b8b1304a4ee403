import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Location } from '../../config.js';
import {
  contentTypeOf,
  RangeNotSatisfiableError,
  requireStoredPath,
  sharedStoreParts,
  storedPathOf,
  type ByteRange,
  type FileStats,
  type FileStore,
} from './file-store.js';

/** Waiting for the bucket to accept a connection. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * Waiting for an answer's headers: a part of an upload (at most lib-storage's 5 MB) sent and taken,
 * or a file found. The body of a file being served then streams for as long as the phone takes.
 */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Every file being sent to a phone holds a connection to the bucket until it is sent: with the SDK's
 * 50, a page of photos on slow phones would keep the 51st photo waiting for one of them.
 */
const MAX_CONNECTIONS = 256;
const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/;

/** The SDK's client for S3_URL's bucket; destroy() it when the server closes. */
export function createS3Client(location: S3Location): S3Client {
  return new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    // Buckets by path (host/bucket/key), which every S3-compatible server answers, whatever the name.
    forcePathStyle: true,
    // The SDK's default checksums go in aws-chunked trailers, which many S3-compatible servers
    // refuse (s3rver among them); S3 itself still checks each body against its signed length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Three attempts, with backoff, of a request that failed on the way or with a 5xx or a throttle.
    retryMode: 'standard',
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      httpAgent: { maxSockets: MAX_CONNECTIONS },
      httpsAgent: { maxSockets: MAX_CONNECTIONS },
    },
  });
}

const failedWith = (error: unknown, status: number) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === status;

/** A Range header as S3 reads it. */
const rangeHeader = (range: ByteRange) =>
  'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;

/** What HEAD and GET answer about an object; the bucket always sends these. */
function statsOf(answer: { ContentLength?: number; ETag?: string; LastModified?: Date }): FileStats {
  const { ContentLength: size, ETag: etag, LastModified: lastModified } = answer;
  if (size === undefined || etag === undefined || lastModified === undefined) {
    throw new Error('the bucket answered without the size, entity tag or time of an object');
  }
  return { size, etag, lastModified };
}

/**
 * Uploads in an S3-compatible bucket, each under its address without /api/ (`uploads/<folder>/<name>`,
 * `course-media/<name>`), so every server process serves every file. Nothing is public in the bucket:
 * the server reads each file for whoever may have it. Large uploads are still received onto this
 * machine's disk under `dataDir`, checked there, and then sent to the bucket.
 */
export function createS3Store(deps: { client: S3Client; bucket: string; dataDir: string }): FileStore {
  const { client, bucket } = deps;
  // lib-storage sends what fits in one part as one PutObject, a larger file as a multipart upload
  // (aborted on failure, so nothing is left behind) without holding more than a few parts in memory.
  const write: FileStore['write'] = async (url, data) => {
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: requireStoredPath(url), Body: data, ContentType: contentTypeOf(url) },
    });
    await upload.done();
  };

  const store: FileStore = {
    ...sharedStoreParts(deps.dataDir, write),
    write,
    directories: null,

    async adopt(url, file) {
      await write(url, createReadStream(file.path));
      await rm(file.path, { force: true });
    },

    async remove(url) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: requireStoredPath(url) }));
    },

    // A bucket has no disk for files to fill: its room is what its provider bills for, and what goes
    // into it is bounded by the upload quotas and the day's bounds (docs/decisions/0015).
    freeBytes: async () => Number.MAX_SAFE_INTEGER,

    async stat(url) {
      const key = storedPathOf(url);
      if (key === null) return null;
      try {
        return statsOf(await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
      } catch (error) {
        if (failedWith(error, 404)) return null;
        throw error;
      }
    },

    async open(url, range) {
      const key = storedPathOf(url);
      if (key === null) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range && rangeHeader(range) }),
        );
        if (!(object.Body instanceof Readable))
          throw new Error('the bucket answered an object without a body');
        // A server that does not do ranges answers the whole file, and so do we.
        const part = CONTENT_RANGE.exec(object.ContentRange ?? '');
        const stats = statsOf(object);
        return {
          ...stats,
          body: object.Body,
          size: part ? Number(part[3]) : stats.size,
          range: part ? { start: Number(part[1]), end: Number(part[2]) } : null,
        };
      } catch (error) {
        if (failedWith(error, 404)) return null;
        if (failedWith(error, 416)) {
          // Which size to tell the client: S3's error carries it, but not every S3-compatible server's.
          const stats = await store.stat(url);
          if (!stats) return null;
          throw new RangeNotSatisfiableError(stats.size);
        }
        throw error;
      }
    },
  };
  return store;
}
