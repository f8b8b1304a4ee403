import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
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
  it('answers a domain error with its status and message', async () => {
    const app = await appThrowing(conflict('Email already exists'));
    const response = await app.inject('/boom');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Email already exists' });
  });

  it('answers an unexpected error with a generic 500 that leaks nothing', async () => {
    const app = await appThrowing(new Error('connection string postgres://secret@db'));
    const response = await app.inject('/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
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
