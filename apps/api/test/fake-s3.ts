// An S3-compatible server on loopback for the tests of the bucket store: s3rver (from npm) with a
// directory and a bucket of its own, in front of which every request it is sent is recorded.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Location } from '../src/config.js';

/** s3rver's own keys: it checks every request's signature against them. */
const ACCESS_KEY = 'S3RVER';
const SECRET = 'S3RVER';
/** How s3rver keeps an object's bytes in its directory. */
const OBJECT_SUFFIX = '._S3rver_object';

/** Files are compared by digest: Vitest compares buffers byte by byte, and megabytes take minutes. */
export const digestOf = (data: Buffer | null) => data && createHash('sha256').update(data).digest('hex');

/**
 * A request as the S3 operation it is and the key it names: `PutObject uploads/products/<name>.webp`.
 * The SDK names most operations in the query (x-id); HEAD and a multipart upload's first and last
 * POST it does not.
 */
function operationOf(method: string, target: string, bucket: string): string {
  const address = new URL(target, 'http://s3');
  const key = decodeURIComponent(address.pathname).slice(`/${bucket}/`.length);
  const unnamed =
    method === 'HEAD'
      ? 'HeadObject'
      : address.searchParams.has('uploads')
        ? 'CreateMultipartUpload'
        : address.searchParams.has('uploadId')
          ? 'CompleteMultipartUpload'
          : method;
  return `${address.searchParams.get('x-id') ?? unnamed} ${key}`;
}

export type FakeS3 = {
  /** S3_URL for the bucket. */
  url: string;
  location: S3Location;
  /** The requests sent since the last call, oldest first, each as its operation and key (operationOf). */
  takeRequests(): string[];
  /** An object's bytes as the bucket keeps them, or null; read from s3rver's directory, asking it nothing. */
  object(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
};

/**
 * s3rver on 127.0.0.1 and a free port, with a new bucket, removed with its directory by stop().
 * Answers null, saying why, when it cannot start: the suites that need it are then skipped.
 */
export async function startFakeS3(): Promise<FakeS3 | null> {
  const directory = mkdtempSync(join(tmpdir(), 'sokoni-s3-'));
  const bucket = `sokoni-test-${randomBytes(6).toString('hex')}`;
  let requests: string[] = [];
  let server: Server;
  try {
    const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
    await s3rver.configureBuckets();
    const answer = s3rver.callback();
    server = createServer((request, response) => {
      requests.push(operationOf(request.method ?? '', request.url ?? '', bucket));
      answer(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    console.warn(`s3rver could not start, so the S3 tests are skipped: ${String(error)}`);
    rmSync(directory, { recursive: true, force: true });
    return null;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const endpoint = `http://127.0.0.1:${port}`;
  const bucketDir = join(directory, bucket);
  return {
    url: `http://${ACCESS_KEY}:${SECRET}@127.0.0.1:${port}/${bucket}`,
    location: { endpoint, bucket, region: 'us-east-1', accessKeyId: ACCESS_KEY, secretAccessKey: SECRET },
    takeRequests() {
      const taken = requests;
      requests = [];
      return taken;
    },
    object: (key) =>
      readFile(join(bucketDir, `${key}${OBJECT_SUFFIX}`)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      }),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
