import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { MPESA_PROMPT_SECONDS } from '@sokoni/contracts/mpesa';
import { DEFAULT_FEE_PERCENT, type Vertical } from '@sokoni/contracts/earnings';

const splitList = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean) ?? [];

const port = z.coerce.number().int().min(0).max(65_535);
const feePercent = z.coerce
  .number()
  .min(0)
  .max(50)
  .refine((value) => Number.isInteger(value * 100), 'must have two decimals at most');

/** An address or a CIDR range (10.0.0.0/8, fd00::/8), or one of proxy-addr's named ranges. */
const isProxyAddress = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * Which proxies' X-Forwarded-For entries to believe. The client writes the left-most entries
 * itself, so 'true' (believe them all) is refused: name the number of proxies in front of the
 * server, or their addresses, and the client's address is the one the last trusted proxy saw.
 */
const trustProxy = z
  .string()
  .refine((value) => value !== 'true', {
    message:
      'true would believe every X-Forwarded-For entry, which clients write themselves: give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
  })
  .transform((value, context) => {
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = splitList(value);
    if (addresses.length > 0 && addresses.every(isProxyAddress)) return addresses;
    context.addIssue({
      code: 'custom',
      message: 'must be false, a number of proxies, or a comma-separated list of proxy addresses',
    });
    return z.NEVER;
  });

/** Where the uploads are kept when not on this machine's disk: an S3-compatible bucket (S3_URL). */
export type S3Location = {
  /** The service's origin, e.g. https://s3.af-south-1.amazonaws.com; buckets are addressed by path. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const S3_URL_SHAPE = 'http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[?region=…]';
/** S3's rule for bucket names that work addressed by path as well as by host. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * S3_URL: one URL for the endpoint, the bucket (its path) and the keys (URL-encoded in its user and
 * password). The messages never repeat the value: it carries the secret.
 */
const s3Url = z.string().transform((value, context): S3Location => {
  const problem = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (!URL.canParse(value)) return problem(`must be a URL: ${S3_URL_SHAPE}`);
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return problem(`must be ${S3_URL_SHAPE}`);
  if (!url.username || !url.password) {
    return problem(`must carry the access key and the secret, URL-encoded: ${S3_URL_SHAPE}`);
  }
  const bucket = url.pathname.replace(/^\/|\/$/g, '');
  if (!BUCKET_NAME.test(bucket)) {
    return problem(
      `must name one bucket as its path (3-63 lowercase letters, digits, dots or dashes): ${S3_URL_SHAPE}`,
    );
  }
  const options = [...url.searchParams.keys()];
  if (options.some((name) => name !== 'region') || url.hash) {
    return problem(`takes no option but ?region=: ${S3_URL_SHAPE}`);
  }
  try {
    return {
      endpoint: url.origin,
      bucket,
      region: url.searchParams.get('region') || 'us-east-1',
      accessKeyId: decodeURIComponent(url.username),
      secretAccessKey: decodeURIComponent(url.password),
    };
  } catch {
    return problem(`must URL-encode the access key and the secret: ${S3_URL_SHAPE}`);
  }
});

const EnvSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SEED: z.enum(['sample', 'none']).default('sample'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
    CORS_ORIGINS: z.string().optional(),
    TRUST_PROXY: trustProxy.default(false),
    // A browser keeps up to 6 connections to a site, and a carrier's NAT puts many phones behind one
    // address: 256 lets about 40 browsers share one at once (docs/decisions/0016).
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(256),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    UPLOADS_MIN_FREE_MB: z.coerce.number().int().min(0).default(512),
    S3_URL: s3Url.optional(),
    WEB_DIST: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/?#]+\/?$/, 'must be smtp://[user:password@]host[:port] or smtps://…')
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/,
        'must be an address, e.g. Sokoni <orders@example.co.ke>',
      )
      .optional(),
    PAYMENTS_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
    PAYSTACK_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_\w+$/, 'must look like sk_test_… or sk_live_…')
      .optional(),
    PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
    /** How long an M-Pesa prompt is waited for before 'No answer from your phone'. */
    MPESA_PROMPT_SECONDS: z.coerce.number().int().min(10).max(600).default(MPESA_PROMPT_SECONDS),
    /** Sokoni's fee on each sale, per vertical, in percent (two decimals at most). */
    FEE_PERCENT_SHOP: feePercent.default(DEFAULT_FEE_PERCENT.shop),
    FEE_PERCENT_STAYS: feePercent.default(DEFAULT_FEE_PERCENT.stays),
    FEE_PERCENT_EVENTS: feePercent.default(DEFAULT_FEE_PERCENT.events),
    FEE_PERCENT_COURSES: feePercent.default(DEFAULT_FEE_PERCENT.courses),
    PAYMENT_CALLBACK_ORIGINS: z
      .string()
      .refine(
        (value) => splitList(value).every((origin) => URL.canParse(origin)),
        'must be a comma-separated list of URLs',
      )
      .optional(),
  })
  .refine((vars) => vars.SMTP_URL === undefined || vars.MAIL_FROM !== undefined, {
    path: ['MAIL_FROM'],
    message: 'is required when SMTP_URL is set: mail needs a sender address the SMTP server accepts',
  })
  .refine((vars) => vars.PAYMENTS_PROVIDER !== 'paystack' || vars.PAYSTACK_SECRET_KEY !== undefined, {
    path: ['PAYSTACK_SECRET_KEY'],
    message: 'is required when PAYMENTS_PROVIDER=paystack',
  })
  .refine(
    (vars) => vars.PAYMENTS_PROVIDER !== 'sandbox' || !vars.PAYSTACK_SECRET_KEY?.startsWith('sk_live_'),
    {
      path: ['PAYMENTS_PROVIDER'],
      message:
        'the sandbox never runs with a live Paystack key: set PAYMENTS_PROVIDER=paystack or remove the key',
    },
  );

/** The sender written into .eml files when no SMTP server is configured. */
export const DEFAULT_MAIL_FROM = 'Sokoni <no-reply@localhost>';

export type Config = {
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seed: 'sample' | 'none';
  logLevel: string;
  rateLimitMax: number;
  corsOrigins: string[];
  /** false, a hop count, or the proxies' addresses (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  /**
   * Open connections one client address (an IPv6 /64) may hold; a trusted proxy's are not counted
   * (lib/connection-bounds.ts).
   */
  maxConnectionsPerAddress: number;
  /** Rate limits are kept here when set, so every server process shares them. */
  redisUrl: string | undefined;
  /**
   * Uploads are refused while the disk under DATA_DIR has less free space than this; with a bucket,
   * only lesson files, which are received onto that disk first.
   */
  uploadsMinFreeBytes: number;
  /** Uploads are kept in this bucket when set, so that every server process serves them; else in DATA_DIR. */
  s3: S3Location | undefined;
  /** Built web app to serve; unset → no SPA is served (API only). */
  webDist: string | undefined;
  /** Mail goes out over SMTP when set; otherwise each message is a .eml file in DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** The sender of every e-mail. */
  mailFrom: string;
  paymentsProvider: 'sandbox' | 'paystack';
  paystackSecretKey: string | undefined;
  paystackBaseUrl: string;
  mpesaPromptSeconds: number;
  /** Sokoni's fee on each vertical's sales, in percent. */
  feePercent: Record<Vertical, number>;
  /** Origins a payment may send the browser back to, besides our own (see lib/site-origins.ts). */
  callbackOrigins: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, at boot; every bad key is reported together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = parsed.data;
  return {
    port: vars.PORT,
    host: vars.HOST,
    publicUrl: vars.PUBLIC_URL?.replace(/\/+$/, ''),
    dataDir: resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    jwtSecret: vars.JWT_SECRET,
    seed: vars.SEED,
    logLevel: vars.LOG_LEVEL,
    rateLimitMax: vars.RATE_LIMIT_MAX,
    corsOrigins: splitList(vars.CORS_ORIGINS),
    trustProxy: vars.TRUST_PROXY,
    maxConnectionsPerAddress: vars.MAX_CONNECTIONS_PER_ADDRESS,
    redisUrl: vars.REDIS_URL,
    uploadsMinFreeBytes: vars.UPLOADS_MIN_FREE_MB * 1024 * 1024,
    s3: vars.S3_URL,
    webDist: vars.WEB_DIST === undefined ? undefined : resolve(vars.WEB_DIST),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    paymentsProvider: vars.PAYMENTS_PROVIDER,
    paystackSecretKey: vars.PAYSTACK_SECRET_KEY,
    paystackBaseUrl: vars.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
    mpesaPromptSeconds: vars.MPESA_PROMPT_SECONDS,
    feePercent: {
      shop: vars.FEE_PERCENT_SHOP,
      stays: vars.FEE_PERCENT_STAYS,
      events: vars.FEE_PERCENT_EVENTS,
      courses: vars.FEE_PERCENT_COURSES,
    },
    callbackOrigins: splitList(vars.PAYMENT_CALLBACK_ORIGINS).map((origin) => new URL(origin).origin),
  };
}
