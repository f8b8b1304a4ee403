import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { Product } from '@sokoni/contracts/shop';
import { callerOf } from '../../lib/auth-guard.js';
import type { WishlistService } from './wishlist.service.js';

const ProductParams = z.object({ productId: z.string() });

export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlist: WishlistService }> = async (
  app,
  { wishlist },
) => {
  app.get(
    '/wishlist',
    {
      config: { access: 'user' },
      schema: {
        tags: ['shop'],
        summary: "The caller's saved products, newest saved first",
        response: { 200: z.array(Product), 401: ErrorResponse },
      },
    },
    async (request) => wishlist.list(callerOf(request)),
  );

  app.put(
    '/wishlist/:productId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['shop'],
        summary: 'Save a product to the wishlist (saving it again changes nothing)',
        params: ProductParams,
        response: { 204: z.null(), 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      await wishlist.save(callerOf(request), request.params.productId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/wishlist/:productId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['shop'],
        summary: 'Take a product off the wishlist (whether or not it was on it)',
        params: ProductParams,
        response: { 204: z.null(), 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      await wishlist.remove(callerOf(request), request.params.productId);
      return reply.code(204).send(null);
    },
  );
};
