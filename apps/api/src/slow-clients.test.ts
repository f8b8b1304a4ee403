import { once } from 'node:events';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionTimings } from './lib/connection-bounds.js';
import { serverProcessesOnTestDatabase } from '../test/server-processes.js';

// A real server process, attacked over raw sockets from several addresses: every 127.x.y.z is this
// machine, so a client picks its address with `localAddress`. The timings are the production ones
// shortened (lib/connection-bounds.ts), so the test takes seconds; the bound per address is small.
const TIMINGS: Partial<ConnectionTimings> = {
  headersTimeoutMs: 1000,
  requestTimeoutMs: 4000,
  bodyGraceMs: 1000,
  minBodyBytesPerSecond: 100,
  checkIntervalMs: 250,
};
const BOUND = 60;
// Answers from a server on a busy machine may take more than expect.poll's default second.
const POLL = { timeout: 10_000 };
const PROXY = '127.0.0.10';

const { servers } = await serverProcessesOnTestDatabase();
const server = servers.start({
  MAX_CONNECTIONS_PER_ADDRESS: String(BOUND),
  TRUST_PROXY: PROXY,
  TEST_CONNECTION_TIMINGS: JSON.stringify(TIMINGS),
});
const port = Number(new URL(await server.url).port);

type Connection = {
  socket: Socket;
  received(): string;
  /** Whether the socket failed before anything arrived: a write after the server closed it. */
  failedFirst(): boolean;
  closedAfterMs: Promise<number>;
};

/** Every connection a test opened: closed after it, passed or failed, so the server can stop. */
const sockets: Socket[] = [];
afterEach(() => sockets.splice(0).forEach((socket) => socket.destroy()));

/** A raw connection from `localAddress`: what it received, and how long after connecting it was closed. */
async function open(localAddress: string): Promise<Connection> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  let received = '';
  let failedFirst = false;
  // A connection the server destroys may end with a reset, and a write after it with EPIPE.
  socket.on('error', () => (failedFirst ||= received === ''));
  await once(socket, 'connect');
  const opened = performance.now();
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closedAfterMs = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(performance.now() - opened)),
  );
  return { socket, received: () => received, failedFirst: () => failedFirst, closedAfterMs };
}

/** How long after connecting it was closed, or Infinity if it is still open after `ms`. */
const closedWithin = (connection: Connection, ms: number) =>
  Promise.race([
    connection.closedAfterMs,
    new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), ms)),
  ]);

/**
 * Writes `text` `size` bytes at a time, every `everyMs`, until it is all sent, an answer arrives or
 * the connection closes.
 */
function trickle(socket: Socket, text: string, size: number, everyMs: number) {
  let sent = 0;
  let answered = false;
  socket.once('data', () => (answered = true));
  const timer = setInterval(() => {
    if (answered || socket.destroyed || sent >= text.length) return clearInterval(timer);
    socket.write(text.slice(sent, (sent += size)));
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

/** Opens `count` connections from `localAddress` and starts each with `start`. */
const many = (count: number, localAddress: string, start: (socket: Socket) => void = () => {}) =>
  Promise.all(
    Array.from({ length: count }, async () => {
      const connection = await open(localAddress);
      start(connection.socket);
      return connection;
    }),
  );

/** A whole GET on a connection of its own from `localAddress`: its status and how long it took. */
function timedGet(path: string, localAddress: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path, localAddress, agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: sokoni.test\r\n\r\n';
const bodyHeaders = (length: number) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: sokoni.test\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
const firstLine = (text: string) => text.split('\r\n', 1)[0];
const TIMED_OUT = 'HTTP/1.1 408 Request Timeout';
/**
 * Whether the client read the server's 408. A client still trickling when the server answers and
 * closes may write once more into the closed connection: the reset that follows fails the client's
 * socket, and what was waiting to be read, the 408 included, goes with it. Only then may nothing
 * have been read.
 */
const readTimedOut = (connection: Connection) =>
  firstLine(connection.received()) === TIMED_OUT ||
  (connection.received() === '' && connection.failedFirst());

describe('slow clients', () => {
  it('closes connections that trickle their headers or body, while others are answered within two seconds', async () => {
    const slowHeaders = `GET /api/health HTTP/1.1\r\nHost: sokoni.test\r\nX-Slow: ${'a'.repeat(1000)}\r\n\r\n`;
    const [silent, headers, body, steady] = await Promise.all([
      // Connect and say nothing.
      many(50, '127.0.0.2'),
      // Headers a byte every 100 ms.
      Promise.all(
        ['127.0.0.3', '127.0.0.4'].map((address) =>
          many(50, address, (socket) => trickle(socket, slowHeaders, 1, 100)),
        ),
      ).then((groups) => groups.flat()),
      // Headers at once, then a 1,000-byte body a byte every 100 ms: 10 bytes a second.
      Promise.all(
        ['127.0.0.5', '127.0.0.6'].map((address) =>
          many(50, address, (socket) => {
            socket.write(bodyHeaders(1000));
            trickle(socket, ' '.repeat(1000), 1, 100);
          }),
        ),
      ).then((groups) => groups.flat()),
      // A 100,000-byte body at 500 bytes a second: fast enough, but it would take 200 s.
      many(50, '127.0.0.7', (socket) => {
        socket.write(bodyHeaders(100_000));
        trickle(socket, ' '.repeat(100_000), 50, 100);
      }),
    ]);
    expect(silent.length + headers.length + body.length + steady.length).toBe(300);

    // Meanwhile, others are answered: from another address, and from one that is trickling (within the bound).
    const answers = [];
    for (const wait of [300, 1200]) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      answers.push(
        ...(await Promise.all([timedGet('/api/health', '127.0.0.1'), timedGet('/api/health', '127.0.0.3')])),
      );
    }
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      // Well under the 1 s headers bound the slow ones are given; two seconds, as the server shares
      // the machine's 2 cores with the other test workers.
      expect(answer.ms).toBeLessThan(2000);
    }

    const [headersLate, bodyTooSlow, requestTooLong] = await Promise.all(
      [[...silent, ...headers], body, steady].map((group) =>
        Promise.all(
          group.map(async (connection) => ({ connection, after: await closedWithin(connection, 8000) })),
        ),
      ),
    );
    // Headers not done within headersTimeout: 408, after it and within a few checks.
    for (const { connection, after } of headersLate!) {
      expect(after).toBeGreaterThan(900);
      expect(after).toBeLessThan(3000);
      expect(readTimedOut(connection), connection.received()).toBe(true);
    }
    // A silent client writes nothing into a closed connection: it always reads the 408.
    for (const connection of silent) {
      expect(firstLine(connection.received())).toBe(TIMED_OUT);
    }
    // A body below the minimum rate once its grace is over: the connection is dropped, nothing answered.
    for (const { connection, after } of bodyTooSlow!) {
      expect(after).toBeGreaterThan(900);
      expect(after).toBeLessThan(3000);
      expect(connection.received()).toBe('');
    }
    // A body fast enough but longer than requestTimeout: 408 when it is reached.
    for (const { connection, after } of requestTooLong!) {
      expect(after).toBeGreaterThan(3900);
      expect(after).toBeLessThan(7000);
      expect(readTimedOut(connection), connection.received()).toBe(true);
    }
  });

  it('refuses a connection beyond the bound per address, takes one again once another closes, and never bounds a trusted proxy', async () => {
    // Kept-alive connections, each answered once: what a browser keeps open.
    const kept = await many(BOUND, '127.0.0.8', (socket) => socket.write(HEALTH));
    await expect
      .poll(() => kept.filter((connection) => connection.received().includes('"ok"')).length, POLL)
      .toBe(BOUND);

    const beyond = await open('127.0.0.8');
    beyond.socket.write(HEALTH);
    // Closed at once, long before any timeout, with nothing answered.
    expect(await closedWithin(beyond, 2000)).toBeLessThan(500);
    expect(beyond.received()).toBe('');
    expect(kept.every((connection) => !connection.socket.destroyed)).toBe(true);
    // Another address is not held back by this one.
    expect((await timedGet('/api/health', '127.0.0.9')).status).toBe(200);

    kept[0]!.socket.destroy();
    await kept[0]!.closedAfterMs;
    await expect
      .poll(async () => {
        const again = await open('127.0.0.8');
        again.socket.write(HEALTH);
        const answered = await Promise.race([
          again.closedAfterMs.then(() => false),
          new Promise<boolean>((resolve) => again.socket.once('data', () => resolve(true))),
        ]);
        again.socket.destroy();
        return answered;
      }, POLL)
      .toBe(true);

    // Every client behind a trusted proxy comes through its address: the proxy bounds them, not us.
    const proxied = await many(BOUND + 20, PROXY, (socket) => socket.write(HEALTH));
    await expect
      .poll(() => proxied.filter((connection) => connection.received().includes('"ok"')).length, POLL)
      .toBe(BOUND + 20);
    for (const connection of [...kept, ...proxied]) connection.socket.destroy();
  });
});
