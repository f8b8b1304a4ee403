import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelResult } from '@sokoni/contracts/cancellations';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { Sale, SaleQuery, ShipSaleInput } from '@sokoni/contracts/orders';
import { callerOf } from '../../lib/auth-guard.js';
import { IdParams } from '../../lib/route-params.js';
import type { SalesService } from './sales.service.js';

export const salesRoutes: FastifyPluginAsyncZod<{ sales: SalesService }> = async (app, { sales }) => {
  app.get(
    '/sales',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          "The caller's sales: paid orders holding their products, their lines only, newest paid first, a page at a time (X-Total-Count carries the total)",
        querystring: SaleQuery,
        response: { 200: z.array(Sale), 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { items, total } = await sales.listMine(callerOf(request), request.query);
      reply.header('x-total-count', total);
      return items;
    },
  );

  app.post(
    '/sales/:id/ship',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          "Marks the caller's lines of a paid order shipped, with an optional note, and e-mails the buyer (anyone with no line in it: 404)",
        params: IdParams,
        body: ShipSaleInput,
        response: {
          200: Sale,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => sales.ship(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/sales/:id/deliver',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "Marks the caller's shipped lines of an order delivered (anyone with no line in it: 404)",
        params: IdParams,
        response: { 200: Sale, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => sales.deliver(callerOf(request), request.params.id),
  );

  app.post(
    '/sales/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          "Cancel the caller's lines of a paid order they cannot fill, before shipping: the buyer refunded through the ledger, the units back in stock, both e-mailed (anyone with no line in it: 404)",
        params: IdParams,
        response: { 200: cancelResult, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => sales.cancel(callerOf(request), request.params.id),
  );
};
