import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { CreateOrderInput, Order } from '@sokoni/contracts/orders';
import { requireUser, signedIn } from '../../lib/auth-guard.js';
import type { OrdersService } from './orders.service.js';

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/orders',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary: 'Place an order; every line is priced from the database (the buyer is the caller)',
        body: CreateOrderInput,
        response: { 201: Order, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await orders.create(requireUser(request), request.body)),
  );

  app.get(
    '/orders',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first",
        response: { 200: z.array(Order), 401: ErrorResponse },
      },
    },
    async (request) => orders.listMine(requireUser(request)),
  );

  app.get(
    '/orders/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['orders'],
        summary: "One of the caller's orders (anyone else's is 404)",
        params: z.object({ id: z.string() }),
        response: { 200: Order, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => orders.getMine(requireUser(request), request.params.id),
  );
};
