import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './error-handler.js';
import { AppError, conflict } from './errors.js';

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it('answers a domain error with its status, its code and its message', async () => {
    const app = await appThrowing(conflict('Email already exists', 'EMAIL_TAKEN'));
    const response = await app.inject('/boom');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'EMAIL_TAKEN',
      message: 'Email already exists',
    });
  });

  it.each([
    ['a lock not had in time (55P03)', '55P03'],
    ['a deadlock that outlasted its retries (40P01)', '40P01'],
    ['a serialization failure that outlasted its retries (40001)', '40001'],
  ])('answers %s with 503 BUSY and Retry-After, as Drizzle wraps it', async (_what, sqlState) => {
    const driverError = Object.assign(new Error('canceling statement due to lock timeout'), {
      code: sqlState,
    });
    const app = await appThrowing(new Error('Failed query: select …', { cause: driverError }));
    const response = await app.inject('/boom');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'BUSY',
      message: 'Many people are doing the same thing right now. Please try again in a moment.',
    });
  });

  it('codes what the framework refuses: a body that fails its schema, malformed JSON, a body too large', async () => {
    const app = Fastify({ logger: false, bodyLimit: 100 }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.post(
      '/echo',
      { schema: { body: z.object({ name: z.string().min(2, 'Too short.') }) } },
      async () => 'ok',
    );
    await app.ready();
    const post = (payload: string) =>
      app.inject({ method: 'POST', url: '/echo', payload, headers: { 'content-type': 'application/json' } });
    expect((await post('{"name":"a"}')).json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Too short.',
      issues: [{ path: 'name', message: 'Too short.' }],
    });
    expect((await post('{"name":')).json()).toMatchObject({ statusCode: 400, code: 'MALFORMED_REQUEST' });
    expect((await post(JSON.stringify({ name: 'x'.repeat(200) }))).json()).toMatchObject({
      statusCode: 413,
      code: 'BODY_TOO_LARGE',
    });
  });

  it('answers an unexpected error with a generic 500 that leaks nothing', async () => {
    const app = await appThrowing(new Error('connection string postgres://secret@db'));
    const response = await app.inject('/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toContain('secret');
  });

  it('keeps a coded error distinct from its HTTP status', () => {
    const error = new AppError('EMAIL_TAKEN', 'Email already exists', 409);
    expect([error.code, error.statusCode, error.message]).toEqual([
      'EMAIL_TAKEN',
      409,
      'Email already exists',
    ]);
  });
});
