import type { IncomingMessage, Server } from 'node:http';
import { isIPv4 } from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { COURSE_VIDEO_MAX_BYTES } from '@sokoni/contracts/uploads';
import { hextets } from './standing.js';

/** How long, and how slowly, a client may send a request (docs/decisions/0016). Tests shorten them. */
export type ConnectionTimings = {
  /** From connecting, or from the first byte of a request on a kept-alive connection, to its last header. */
  headersTimeoutMs: number;
  /** The same start to the last byte of the body, on every route: the ceiling for the slowest upload. */
  requestTimeoutMs: number;
  /** A body may take this long to get going; after it, it must keep up `minBodyBytesPerSecond`. */
  bodyGraceMs: number;
  minBodyBytesPerSecond: number;
  /** A connection on which nothing moves, in either direction, for this long is closed. */
  idleTimeoutMs: number;
  /** A kept-alive connection waiting for its next request. */
  keepAliveTimeoutMs: number;
  /** How often the header, request and body bounds are checked. */
  checkIntervalMs: number;
};

/** The slowest steady upload we carry through to the end: 0.5 Mbit/s, a weak 3G uplink. */
const SLOWEST_UPLOAD_BYTES_PER_SECOND = 62_500;
const TEN_MINUTES_MS = 10 * 60 * 1000;

export const CONNECTION_TIMINGS: ConnectionTimings = {
  // Headers are a few kilobytes: seconds even on 2G. Apache's mod_reqtimeout allows 20 s too.
  headersTimeoutMs: 20_000,
  // The largest request is a 200 MB lesson video: at the slowest rate above it takes 56 minutes,
  // so one hour. Trickling bodies are ended long before by the body rate below, not by this.
  requestTimeoutMs:
    Math.ceil(((COURSE_VIDEO_MAX_BYTES / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000) / TEN_MINUTES_MS) *
    TEN_MINUTES_MS,
  // mod_reqtimeout's body=20,MinRate=500: 20 s, then one more second per 500 bytes received. An
  // honest upload banks minutes of credit in its first seconds and rides out a stall; a byte every
  // 10 s is closed after 20 s.
  bodyGraceMs: 20_000,
  minBodyBytesPerSecond: 500,
  // nginx's send_timeout and client_body_timeout: a phone that stopped reading or sending for a
  // minute has gone (a paused video's player asks again for the range it needs).
  idleTimeoutMs: 60_000,
  // Longer than the 60 s a reverse proxy or load balancer keeps an idle upstream connection (nginx,
  // AWS ALB), so the proxy never sends a request on a connection we are closing: Fastify's 72 s.
  keepAliveTimeoutMs: 72_000,
  // Node checks every 30 s by default, which would let a 20 s bound run to 50 s.
  checkIntervalMs: 1000,
};

/** Fastify's options for the timeouts Node and Fastify keep themselves. */
export const serverTimeouts = (timings: ConnectionTimings) => ({
  connectionTimeout: timings.idleTimeoutMs,
  keepAliveTimeout: timings.keepAliveTimeoutMs,
  requestTimeout: timings.requestTimeoutMs,
  http: {
    headersTimeout: timings.headersTimeoutMs,
    requestTimeout: timings.requestTimeoutMs,
    connectionsCheckingInterval: timings.checkIntervalMs,
  },
});

/**
 * Whose connection it is: an IPv4 address, or an IPv6 address's /64, which belongs to one subscriber
 * who may use any address in it. An IPv4 address written as IPv6 stays itself.
 */
export function clientOf(address: string): string {
  const parts = isIPv4(address) ? undefined : hextets(address);
  if (!parts || (parts.slice(0, 5).every((part) => part === '0') && parts[5] === 'ffff')) return address;
  return `${parts.slice(0, 4).join(':')}::/64`;
}

const hasBody = (request: IncomingMessage) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * What Node cannot bound by itself: the open connections of one client, and a body that arrives a
 * byte at a time (Node's requestTimeout cannot tell it from a long upload). Connections beyond
 * `maxPerClient` are closed as they arrive; a trusted proxy's are not counted, since every client
 * behind it comes through them and the proxy bounds its clients itself. A request whose body falls
 * behind `minBodyBytesPerSecond` after `bodyGraceMs` loses its connection. Returns what stops the check.
 */
export function boundConnections(
  server: Server,
  options: {
    maxPerClient: number;
    isProxy: (address: string) => boolean;
    timings: ConnectionTimings;
    log: FastifyBaseLogger;
  },
): () => void {
  const { maxPerClient, isProxy, timings, log } = options;
  const open = new Map<string, number>();
  // A client refused is logged once until all its connections have closed: an attack would
  // otherwise log a line per try.
  const refused = new Set<string>();

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isProxy(address)) return;
    const client = clientOf(address);
    const count = open.get(client) ?? 0;
    if (count >= maxPerClient) {
      if (!refused.has(client)) {
        refused.add(client);
        log.warn({ client, open: count }, 'refusing connections beyond the bound per client address');
      }
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) {
        open.set(client, left);
      } else {
        open.delete(client);
        refused.delete(client);
      }
    });
  });

  // Bodies still arriving: when each began (after its headers) and the socket's byte count then.
  const receiving = new Map<IncomingMessage, { since: number; bytesRead: number }>();
  server.on('request', (request: IncomingMessage) => {
    if (hasBody(request)) {
      receiving.set(request, { since: performance.now(), bytesRead: request.socket.bytesRead });
    }
  });
  const checkBodies = () => {
    const now = performance.now();
    let closed = 0;
    for (const [request, { since, bytesRead }] of receiving) {
      const { socket } = request;
      if (request.complete || socket.destroyed) {
        receiving.delete(request);
        continue;
      }
      const received = socket.bytesRead - bytesRead;
      if (now - since > timings.bodyGraceMs + (received / timings.minBodyBytesPerSecond) * 1000) {
        receiving.delete(request);
        socket.destroy();
        closed += 1;
      }
    }
    if (closed > 0) log.warn({ closed }, 'closed connections whose request body came too slowly');
  };
  const timer = setInterval(checkBodies, timings.checkIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
