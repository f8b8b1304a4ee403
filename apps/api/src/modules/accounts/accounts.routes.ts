import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginInput, RegisterInput, TokenResponse, UserProfile } from '@sokoni/contracts/auth';
import { ErrorResponse } from '@sokoni/contracts/errors';
import type { AccountsService } from './accounts.service.js';
import { IdParams } from '../../lib/route-params.js';

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Create an account and sign in',
        body: RegisterInput,
        response: { 201: TokenResponse, 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const accessToken = await accounts.register(request.body, request.ip);
      return reply.code(201).send({ access_token: accessToken });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary:
          'Sign in (a suspended account: 403 with the reason and how to appeal, after a correct password)',
        body: LoginInput,
        response: {
          200: TokenResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => ({ access_token: await accounts.login(request.body, request.ip) }),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: "A user's public profile (with e-mail for the user themself)",
        params: IdParams,
        response: { 200: UserProfile, 404: ErrorResponse },
      },
    },
    async (request) => accounts.getProfile(request.params.id, request.user?.sub),
  );
};
