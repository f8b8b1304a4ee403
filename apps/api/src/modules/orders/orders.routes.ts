import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CancelOrderItemInput, cancelResult } from '@sokoni/contracts/cancellations';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { CreateOrderInput, LastDelivery, Order, OrderQuery } from '@sokoni/contracts/orders';
import { callerOf } from '../../lib/auth-guard.js';
import type { OrdersService } from './orders.service.js';
import { IdParams } from '../../lib/route-params.js';

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order with its delivery; every line is priced from the database (the buyer is the caller)',
        body: CreateOrderInput,
        response: { 201: Order, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await orders.create(callerOf(request), request.body)),
  );

  app.get(
    '/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first, a page at a time (X-Total-Count carries the total)",
        querystring: OrderQuery,
        response: { 200: z.array(Order), 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { items, total } = await orders.listMine(callerOf(request), request.query);
      reply.header('x-total-count', total);
      return items;
    },
  );

  app.get(
    '/orders/last-delivery',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "The caller's delivery details from their latest order that has them (to fill checkout)",
        response: { 200: LastDelivery, 401: ErrorResponse },
      },
    },
    async (request) => orders.lastDelivery(callerOf(request)),
  );

  app.get(
    '/orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "One of the caller's orders (anyone else's is 404)",
        params: IdParams,
        response: { 200: Order, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => orders.getMine(callerOf(request), request.params.id),
  );

  app.post(
    '/orders/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          "Cancel one line of the caller's paid order before its seller ships it: refunded through the ledger, its units back in stock, buyer and seller e-mailed (anyone else's order is 404)",
        params: IdParams,
        body: CancelOrderItemInput,
        response: {
          200: cancelResult,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => orders.cancelItem(callerOf(request), request.params.id, request.body.itemId),
  );

  app.post(
    '/orders/:id/received',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          "The caller confirms their paid order arrived: every seller's earning of it becomes available at once (again: nothing changes)",
        params: IdParams,
        response: { 200: Order, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => orders.confirmReceived(callerOf(request), request.params.id),
  );
};
