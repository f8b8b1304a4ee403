import { createHmac, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import proxyAddr from '@fastify/proxy-addr';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '@sokoni/contracts/error-codes';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { authGuard } from './lib/auth-guard.js';
import { createPostgresCacheBus, localCacheBus } from './lib/cache-bus.js';
import {
  boundConnections,
  CONNECTION_TIMINGS,
  serverTimeouts,
  type ConnectionTimings,
} from './lib/connection-bounds.js';
import { errorBody, frameworkErrorReply, notFoundBody, registerErrorHandler } from './lib/error-handler.js';
import { loadOrCreateSecret } from './lib/secrets.js';
import { createSiteOrigins } from './lib/site-origins.js';
import { createClock } from './lib/clock.js';
import { createJobQueue, type JobQueueTimings } from './lib/job-queue.js';
import { createTokenService } from './lib/tokens.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { communityRoutes } from './modules/community/community.routes.js';
import { createCommunityService } from './modules/community/community.service.js';
import { coursesPagesHead } from './modules/courses/course-page-head.js';
import { coursePaymentHandler } from './modules/courses/course-payments.js';
import { createCourseRefundsService } from './modules/courses/course-refunds.service.js';
import { coursesRoutes } from './modules/courses/courses.routes.js';
import { createCertifier } from './modules/courses/certificates.js';
import { createCoursesService } from './modules/courses/courses.service.js';
import { enrollmentsRoutes } from './modules/courses/enrollments.routes.js';
import { createEnrollmentsService } from './modules/courses/enrollments.service.js';
import { createDoorService } from './modules/events/door.service.js';
import { eventsPagesHead } from './modules/events/event-page-head.js';
import { createEventCancellationService } from './modules/events/event-cancellation.service.js';
import { eventPaymentHandler } from './modules/events/event-payments.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { createEventsService } from './modules/events/events.service.js';
import { createTicketsService } from './modules/events/tickets.service.js';
import { createLineCancellations } from './modules/orders/order-cancellations.js';
import { orderPaymentHandler } from './modules/orders/order-payments.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { salesRoutes } from './modules/orders/sales.routes.js';
import { createSalesService } from './modules/orders/sales.service.js';
import { createPaystackProvider } from './modules/payments/paystack-provider.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createLedger } from './modules/ledger/ledger.service.js';
import { earningsRoutes } from './modules/earnings/earnings.routes.js';
import { createEarningsService } from './modules/earnings/earnings.service.js';
import { createPayoutsService } from './modules/earnings/payouts.service.js';
import { createSandboxProvider } from './modules/payments/sandbox-provider.js';
import { createProductsService } from './modules/shop/products.service.js';
import { createReviewsService } from './modules/shop/reviews.service.js';
import { createSellersService } from './modules/shop/sellers.service.js';
import { shopRoutes } from './modules/shop/shop.routes.js';
import { createWishlistService } from './modules/shop/wishlist.service.js';
import { wishlistRoutes } from './modules/shop/wishlist.routes.js';
import { sellerPageMeta } from './modules/shop/seller-page-meta.js';
import { shopPagesHead } from './modules/shop/shop-page-head.js';
import { startTrendingJob } from './modules/shop/trending-job.js';
import { bookingPaymentHandler } from './modules/stays/booking-payments.js';
import { bookingsRoutes } from './modules/stays/bookings.routes.js';
import { createBookingsService } from './modules/stays/bookings.service.js';
import { staysPagesHead } from './modules/stays/stay-page-head.js';
import { staysRoutes } from './modules/stays/stays.routes.js';
import { createStaysService } from './modules/stays/stays.service.js';
import { createFileTransport, createSmtpTransport } from './modules/mail/mail-transport.js';
import { createMailService, type MailTimings } from './modules/mail/mail.service.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { createModerationService } from './modules/moderation/moderation.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { createCourseMediaLinks } from './modules/uploads/course-media-links.js';
import { openFileStore } from './modules/uploads/open-file-store.js';
import { scheduleUploadSweep } from './modules/uploads/upload-sweeper.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { createUploadsService } from './modules/uploads/uploads.service.js';
import { webApp } from './web.js';

export type AppOptions = {
  /** An already open database (tests); otherwise one is opened from the config. The app closes it. */
  database?: Database;
  /** What time it is (ms), for tests of time windows: every service's clock reads it. */
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** Job queue timings (tests shorten them). */
  jobs?: JobQueueTimings;
  /** Mail retry and lease timings (tests shorten them). */
  mail?: Partial<MailTimings>;
  /** How long and how slowly a client may send a request (tests shorten them). */
  connections?: Partial<ConnectionTimings>;
  /**
   * What the process server.ts starts for SEED=sample found: it loaded the sample data into the empty
   * database, or the database held data already. Unset, the app loads it itself when SEED=sample.
   */
  sampleData?: 'loaded' | 'present';
};

const API_SECURITY_HEADERS = {
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'x-xss-protection': '0',
};

const REDIS_FIRST_CONNECT_MS = 2000;

/**
 * Fastify's trustProxy from ours. A hop count trusts that many addresses from our end of the chain
 * (the peer, then X-Forwarded-For from the right); it assumes the server is reached only through
 * those proxies, which a list of their addresses does not need to. Hop 0 is the connection's peer:
 * the same function says whose connections are a proxy's.
 */
const trustedProxies = (trust: Config['trustProxy']) => {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return proxyAddr.compile(trust);
};

/**
 * With REDIS_URL every server process counts into one budget per client, and a restart keeps it.
 * Commands fail at once while Redis is away (no offline queue) and the limiter then lets requests
 * through: a missing Redis degrades rate limiting, never the service. The server waits a moment
 * for the first connection, and starts without it rather than not at all.
 */
async function connectRateLimitStore(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (error: Error) => log.warn({ err: error }, 'rate limit store: Redis error'));
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), REDIS_FIRST_CONNECT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!ready) log.warn('rate limit store: Redis is not reachable yet; limits are not enforced until it is');
  return redis;
}

/** A file served as it is: an upload, a lesson's file, or a file of the built web app (its name has an extension). */
const isStaticFile = (url: string) => {
  const path = url.split('?', 1)[0] ?? '';
  return (
    path.startsWith('/api/uploads/') ||
    path.startsWith('/api/course-media/') ||
    (!path.startsWith('/api/') && /\.\w+$/.test(path))
  );
};

/** Builds the whole server: plugins, every module, the web app. Used by server.ts and by tests. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const trustProxy = trustedProxies(config.trustProxy);
  const connections = { ...CONNECTION_TIMINGS, ...options.connections };
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    forceCloseConnections: 'idle',
    ...serverTimeouts(connections),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();
  // Slow and many connections from one client (docs/decisions/0016).
  const stopBoundingConnections = boundConnections(app.server, {
    maxPerClient: config.maxConnectionsPerAddress,
    isProxy: (address) => trustProxy !== false && trustProxy(address, 0),
    timings: connections,
    log: app.log,
  });
  app.addHook('onClose', async () => stopBoundingConnections());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const origins = createSiteOrigins(config, () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : undefined;
  });
  // The one clock every service reads business time from; tests set it with `now`.
  const clock = createClock(options.now);
  const database = options.database ?? (await openDatabase(config));
  app.addHook('onClose', async () => database.close());
  const fileStore = await openFileStore(config);
  app.addHook('onClose', fileStore.close);
  const files = fileStore.files;
  // The sample's code (its pictures are drawn with libvips) is loaded only by a process that loads it.
  const seeded =
    options.sampleData === 'loaded' ||
    (options.sampleData === undefined &&
      config.seed === 'sample' &&
      (await (await import('./seed/index.js')).seedSampleData(database.db, { files, now: clock.now() })));
  if (seeded) app.log.info('loaded the sample data into the empty database');
  // Server processes sharing a PostgreSQL database tell each other what to forget (PGlite has one).
  const caches =
    'url' in database.jobs
      ? await createPostgresCacheBus({ url: database.jobs.url, db: database.db, log: app.log })
      : localCacheBus;
  app.addHook('onClose', async () => caches.close());
  const jobs = createJobQueue(database, app.log, options.jobs);
  app.decorate('jobs', jobs);
  const mail = createMailService({
    db: database.db,
    jobs,
    transport: config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createFileTransport(join(config.dataDir, 'outbox'), config.mailFrom),
    log: app.log,
    clock,
    timings: options.mail,
  });
  // Registered before the queue's stop, so it runs after it: no send is under way by then.
  app.addHook('onClose', async () => mail.close());

  const jwtSecret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir, 'jwt-secret');
  const tokens = createTokenService(jwtSecret, clock.now);
  const courseMediaLinks = createCourseMediaLinks({
    secret: createHmac('sha256', jwtSecret).update('sokoni:course-media').digest('hex'),
    clock,
  });
  const accounts = createAccountsService({ db: database.db, tokens, clock });
  const uploads = createUploadsService({
    db: database.db,
    files,
    minFreeBytes: config.uploadsMinFreeBytes,
    clock,
  });
  const sellers = createSellersService({ db: database.db, clock });
  const products = createProductsService({
    db: database.db,
    uploads,
    viewerKeySecret: createHmac('sha256', jwtSecret).update('sokoni:product-viewers').digest('hex'),
    clock,
    caches,
    forgetWithCatalogue: sellers.forget,
  });
  const reviews = createReviewsService({ db: database.db, onRatingChanged: products.catalogueChanged });
  const wishlist = createWishlistService({ db: database.db, products, clock });

  // Every movement of money (#27): the verticals' cancellations and releases write to it too.
  const ledger = createLedger({ db: database.db, feePercent: config.feePercent, jobs, clock });
  const lineCancellations = createLineCancellations({
    ledger,
    products,
    mail,
    siteUrl: origins.primary,
    clock,
  });
  const orders = createOrdersService({
    db: database.db,
    products,
    ledger,
    cancellations: lineCancellations,
    clock,
  });
  const sales = createSalesService({
    db: database.db,
    mail,
    siteUrl: origins.primary,
    clock,
    ledger,
    cancellations: lineCancellations,
  });
  const community = createCommunityService({ db: database.db, uploads });
  const events = createEventsService({
    db: database.db,
    uploads,
    clock,
    caches,
  });
  const tickets = createTicketsService({ db: database.db, mail, siteUrl: origins.primary, events, clock });
  const door = createDoorService({ db: database.db, clock });
  const eventCancellation = createEventCancellationService({
    db: database.db,
    mail,
    ledger,
    events,
    siteUrl: origins.primary,
    clock,
  });
  const stays = createStaysService({ db: database.db, uploads, siteUrl: origins.primary, clock, caches });
  const bookings = createBookingsService({
    db: database.db,
    mail,
    ledger,
    siteUrl: origins.primary,
    onNightsChanged: stays.nightsChanged,
    clock,
  });
  const certifier = createCertifier({ mail, siteUrl: origins.primary });
  const courses = createCoursesService({
    db: database.db,
    uploads,
    signMedia: courseMediaLinks.sign,
    certifier,
    clock,
    caches,
  });
  const enrollments = createEnrollmentsService({
    db: database.db,
    siteUrl: origins.primary,
    mail,
    certifier,
    signMedia: courseMediaLinks.sign,
    onLearnersChanged: courses.learnersChanged,
    clock,
  });
  // Reports and moderation (#28): what it hides or shows again, each vertical's caches forget.
  const moderation = createModerationService({
    db: database.db,
    clock,
    listings: {
      product: products.moderated,
      stay: stays.moderated,
      event: events.moderated,
      course: courses.moderated,
    },
  });
  const courseRefunds = createCourseRefundsService({
    db: database.db,
    ledger,
    mail,
    onLearnersChanged: courses.learnersChanged,
    clock,
  });
  const provider =
    config.paymentsProvider === 'paystack' && config.paystackSecretKey
      ? createPaystackProvider({ secretKey: config.paystackSecretKey, baseUrl: config.paystackBaseUrl })
      : createSandboxProvider({ db: database.db });
  const earnings = createEarningsService({
    db: database.db,
    ledger,
    feePercent: config.feePercent,
    mail,
    clock,
  });
  const payouts = createPayoutsService({ db: database.db, ledger, provider, jobs, log: app.log, clock });
  const payments = createPaymentsService({
    db: database.db,
    ledger,
    provider,
    onTransfer: payouts.transferReported,
    handlers: {
      order: orderPaymentHandler({
        db: database.db,
        orders,
        recordSale: products.recordSale,
        notifySellers: sales.queueNewSaleMails,
      }),
      event: eventPaymentHandler({ tickets }),
      booking: bookingPaymentHandler({ bookings }),
      course: coursePaymentHandler({
        db: database.db,
        mail,
        siteUrl: origins.primary,
        onLearnersChanged: courses.learnersChanged,
        clock,
      }),
    },
    jobs,
    mail,
    siteUrl: origins.primary,
    log: app.log,
    clock,
    mpesaPromptSeconds: config.mpesaPromptSeconds,
  });
  // The sample's views and sales are in place: flag its trending products now, not a minute later.
  if (seeded) await products.refreshTrending();
  await startTrendingJob(app, jobs, products);
  scheduleUploadSweep(jobs, uploads, app.log);
  await jobs.start();
  // Hooks run last-registered first: the queue stops before the database closes under it.
  app.addHook('onClose', async () => jobs.stop());

  // The hooks every request passes through take callbacks: an async hook costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // While shutting down, answers to requests in flight close their keep-alive connection,
  // so the server can stop without waiting for idle clients to hang up.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // The web app is served from the API's own origin; other origins are let in only when listed.
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: config.corsOrigins, exposedHeaders: ['x-total-count'] });
  }
  const rateLimitStore = config.redisUrl ? await connectRateLimitStore(config.redisUrl, app.log) : undefined;
  if (rateLimitStore) app.addHook('onClose', async () => rateLimitStore.disconnect());
  await app.register(fastifyRateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    ...(rateLimitStore ? { redis: rateLimitStore, nameSpace: 'sokoni:rate-limit:' } : {}),
    // Rate limiting protects the service; it must not take it down while Redis is away.
    skipOnError: true,
    // The x-ratelimit-* headers go on a 429 only, not on every answer a phone downloads.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    // The budget is for work the server does per request: API calls and the pages it builds. One
    // page load pulls a dozen static files and every listing's photos, and many phones share one
    // carrier IP, so files (the web app's and uploads) are never counted.
    allowList: (request) => isStaticFile(request.url),
    errorResponseBuilder: (_request, context) =>
      errorBody(context.statusCode, 'RATE_LIMITED', ERROR_MESSAGES.tooManyRequests),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Sokoni API',
        description: 'The Sokoni marketplace API (prices in KES).',
        version: '1.0.0',
      },
      // Routes that need a caller are marked with this scheme by the auth guard; the rest are open.
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      // JSON answers need no CSP: a fixed, lean set of headers, set in one step (docs/decisions/0006).
      api.addHook('onRequest', (_request, reply, done) => {
        reply.headers(API_SECURITY_HEADERS);
        done();
      });
      await api.register(authGuard, { tokens, findAccount: accounts.findAccount, now: clock.now });
      await api.register(systemRoutes, { database });
      await api.register(accountsRoutes, { accounts });
      await api.register(shopRoutes, { products, reviews, sellers });
      await api.register(wishlistRoutes, { wishlist });
      await api.register(uploadsRoutes, {
        files,
        links: courseMediaLinks,
        clock,
        uploads,
      });
      await api.register(ordersRoutes, { orders });
      await api.register(salesRoutes, { sales });
      await api.register(communityRoutes, { community });
      await api.register(eventsRoutes, { events, tickets, door, cancellation: eventCancellation });
      await api.register(staysRoutes, { stays });
      await api.register(bookingsRoutes, { bookings });
      await api.register(coursesRoutes, { courses });
      await api.register(enrollmentsRoutes, { enrollments, refunds: courseRefunds });
      await api.register(earningsRoutes, { earnings, payouts });
      await api.register(moderationRoutes, { moderation });
      await api.register(paymentsRoutes, {
        payments,
        origins,
        sandbox: config.paymentsProvider === 'sandbox',
      });
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send(notFoundBody(request.method, request.url)),
      );
    },
    { prefix: '/api' },
  );

  if (config.webDist) {
    await app.register(webApp, {
      webDist: config.webDist,
      origin: origins.primary,
      // Each page's owner answers for its own paths and null for any other.
      pageHead: async (path, origin) => {
        const meta = await sellerPageMeta(sellers, path);
        if (meta) return { meta };
        return (
          (await shopPagesHead({ products, community }, path, origin)) ??
          (await eventsPagesHead(events, path, origin)) ??
          (await staysPagesHead(stays, path, origin)) ??
          coursesPagesHead({ courses, enrollments }, path, origin)
        );
      },
    });
  } else
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send(notFoundBody(request.method, request.url)),
    );

  return app;
}
