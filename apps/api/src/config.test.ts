import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs a fresh clone with nothing set: port 3000, PGlite in ./data, sample data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      seed: 'sample',
      publicUrl: undefined,
    });
  });

  it('treats blank variables as unset and trims a trailing slash off PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://sokoni.co.ke/' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('https://sokoni.co.ke');
  });

  it('fails fast, naming every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED: 'lots', JWT_SECRET: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const keys = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(keys.sort()).toEqual(['DATABASE_URL', 'JWT_SECRET', 'PORT', 'SEED']);
    expect((error as ConfigError).message).toContain('DATABASE_URL: must be a postgres:// URL');
  });

  it('never runs the sandbox with a live Paystack key, and needs a key for Paystack', () => {
    expect(() => loadConfig({ PAYSTACK_SECRET_KEY: 'sk_live_abc123' })).toThrow(
      /PAYMENTS_PROVIDER: the sandbox never runs/,
    );
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY: is required/);
    expect(
      loadConfig({ PAYMENTS_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_abc123' }),
    ).toMatchObject({
      paymentsProvider: 'paystack',
      paystackBaseUrl: 'https://api.paystack.co',
    });
    expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_abc123' }).paymentsProvider).toBe('sandbox');
  });

  it('sends mail over SMTP_URL only with a MAIL_FROM, and to .eml files from a default sender without it', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.co.ke:587' })).toThrow(/MAIL_FROM: is required/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.co.ke' })).toThrow(/SMTP_URL: must be smtp:/);
    expect(
      loadConfig({
        SMTP_URL: 'smtps://user:pw@mail.example.co.ke',
        MAIL_FROM: 'Sokoni <orders@example.co.ke>',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:pw@mail.example.co.ke',
      mailFrom: 'Sokoni <orders@example.co.ke>',
    });
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'Sokoni <no-reply@localhost>' });
  });

  it('reads the allowed payment callback origins', () => {
    expect(
      loadConfig({ PAYMENT_CALLBACK_ORIGINS: 'https://m.sokoni.co.ke/app, https://sokoni.co.ke' })
        .callbackOrigins,
    ).toEqual(['https://m.sokoni.co.ke', 'https://sokoni.co.ke']);
    expect(() => loadConfig({ PAYMENT_CALLBACK_ORIGINS: 'not a url' })).toThrow(/PAYMENT_CALLBACK_ORIGINS/);
  });

  it('splits CORS_ORIGINS into a list', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});

describe('MAX_CONNECTIONS_PER_ADDRESS', () => {
  it('bounds the open connections of one client address: 256 unless set, and only by a positive whole number', () => {
    expect(loadConfig({}).maxConnectionsPerAddress).toBe(256);
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '1000' }).maxConnectionsPerAddress).toBe(1000);
    for (const value of ['0', '-5', '2.5', 'lots']) {
      expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: value })).toThrow(
        /MAX_CONNECTIONS_PER_ADDRESS: /,
      );
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes a number of proxies or their addresses, and nothing by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, which would believe the addresses a client writes into X-Forwarded-For', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe every/);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.example', '1.2.3.4/8/9', ','])('refuses %j', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be false, a number/);
  });
});

describe('REDIS_URL and upload storage', () => {
  it('reads a Redis URL and the free space uploads must leave', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL: must be a redis:\/\//);
    expect(loadConfig({}).uploadsMinFreeBytes).toBe(512 * 1024 * 1024);
    expect(loadConfig({ UPLOADS_MIN_FREE_MB: '0' }).uploadsMinFreeBytes).toBe(0);
  });

  it('reads S3_URL into the endpoint, the bucket, the region (us-east-1 unless given) and the URL-decoded keys', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_URL: 'https://AKIA123:wJal%2Fr%2BXU@s3.af-south-1.amazonaws.com/sokoni-uploads?region=af-south-1',
      }).s3,
    ).toEqual({
      endpoint: 'https://s3.af-south-1.amazonaws.com',
      bucket: 'sokoni-uploads',
      region: 'af-south-1',
      accessKeyId: 'AKIA123',
      secretAccessKey: 'wJal/r+XU',
    });
    expect(loadConfig({ S3_URL: 'http://minio:minio123@127.0.0.1:9000/media/' }).s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      region: 'us-east-1',
    });
  });

  it('stops the start on a malformed S3_URL with a message that does not repeat the secret', () => {
    for (const [value, problem] of [
      ['s3.amazonaws.com/sokoni', /S3_URL: must be a URL: http\(s\):\/\/ACCESS_KEY:SECRET@host/],
      ['ftp://key:topsecret@s3.example.com/sokoni', /S3_URL: must be http\(s\):/],
      ['https://s3.example.com/sokoni', /S3_URL: must carry the access key and the secret/],
      ['https://key:topsecret@s3.example.com/', /S3_URL: must name one bucket as its path/],
      ['https://key:topsecret@s3.example.com/sokoni/photos', /S3_URL: must name one bucket as its path/],
      ['https://key:topsecret@s3.example.com/Sokoni_Uploads', /S3_URL: must name one bucket as its path/],
      [
        'https://key:topsecret@s3.example.com/sokoni?acl=public-read',
        /S3_URL: takes no option but \?region=/,
      ],
      [
        'https://key:top%ZZsecret@s3.example.com/sokoni',
        /S3_URL: must URL-encode the access key and the secret/,
      ],
    ] as const) {
      let error: unknown;
      try {
        loadConfig({ S3_URL: value });
      } catch (caught) {
        error = caught;
      }
      expect(error, value).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message, value).toMatch(problem);
      expect((error as ConfigError).message, value).not.toMatch(/topsecret|top%ZZ/);
    }
  });
});
