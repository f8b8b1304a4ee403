import { resolve } from 'node:path';
import { z } from 'zod';

const splitList = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean) ?? [];

const port = z.coerce.number().int().min(0).max(65_535);
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

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
    TRUST_PROXY: flag.default(false),
    WEB_DIST: z.string().optional(),
    PAYMENTS_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
    PAYSTACK_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_\w+$/, 'must look like sk_test_… or sk_live_…')
      .optional(),
    PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
    PAYMENT_CALLBACK_ORIGINS: z
      .string()
      .refine(
        (value) => splitList(value).every((origin) => URL.canParse(origin)),
        'must be a comma-separated list of URLs',
      )
      .optional(),
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
  trustProxy: boolean;
  /** Built web app to serve; unset → no SPA is served (API only). */
  webDist: string | undefined;
  paymentsProvider: 'sandbox' | 'paystack';
  paystackSecretKey: string | undefined;
  paystackBaseUrl: string;
  /** Origins a payment may send the browser back to, besides PUBLIC_URL (or the request's own origin). */
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
    corsOrigins:
      vars.CORS_ORIGINS?.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean) ?? [],
    trustProxy: vars.TRUST_PROXY,
    webDist: vars.WEB_DIST === undefined ? undefined : resolve(vars.WEB_DIST),
    paymentsProvider: vars.PAYMENTS_PROVIDER,
    paystackSecretKey: vars.PAYSTACK_SECRET_KEY,
    paystackBaseUrl: vars.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
    callbackOrigins: splitList(vars.PAYMENT_CALLBACK_ORIGINS).map((origin) => new URL(origin).origin),
  };
}
