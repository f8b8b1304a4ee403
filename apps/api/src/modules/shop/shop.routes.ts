import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { ReviewStanding } from '@sokoni/contracts/reviews';
import {
  Category,
  CreateProductInput,
  CreateReviewInput,
  Product,
  ProductFacets,
  ProductQuery,
  Review,
  SellerProfile,
  SetFeaturedInput,
  UpdateProductInput,
} from '@sokoni/contracts/shop';
import { callerOf } from '../../lib/auth-guard.js';
import { networkOf } from '../../lib/standing.js';
import { sendJsonBody } from '../../lib/json-body.js';
import type { ProductsService } from './products.service.js';
import type { ReviewsService } from './reviews.service.js';
import type { SellersService } from './sellers.service.js';
import { IdParams } from '../../lib/route-params.js';

export const shopRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  reviews: ReviewsService;
  sellers: SellersService;
}> = async (app, { products, reviews, sellers }) => {
  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: { tags: ['shop'], summary: 'The 22 product categories', response: { 200: z.array(Category) } },
    },
    async () => products.listCategories(),
  );

  app.get(
    '/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        summary:
          "Search, filter, sort and page the catalogue (X-Total-Count carries the total); a seller's own list (seller = the caller) includes what moderators hid",
        querystring: ProductQuery,
        response: { 200: z.array(Product), 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { json, total } = await products.list(request.query, request.user?.sub);
      return sendJsonBody(reply.header('x-total-count', total), json);
    },
  );

  app.get(
    '/products/facets',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        summary: 'Bounds and counts for the filter panel, under the same filters',
        querystring: ProductQuery,
        response: { 200: ProductFacets, 400: ErrorResponse },
      },
    },
    async (request) => products.facets(request.query),
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        summary: 'One product (one moderators hid: its seller only, with the reason)',
        params: IdParams,
        response: { 200: Product, 404: ErrorResponse },
      },
    },
    async (request, reply) =>
      sendJsonBody(reply, (await products.get(request.params.id, request.user?.sub)).json),
  );

  app.post(
    '/products/:id/views',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        summary:
          "A look at a product's page, towards trending (once a day per viewer, never the seller's own)",
        params: IdParams,
        response: { 204: z.null(), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { user, standing } = request;
      const viewer =
        user && standing
          ? { network: standing.network, account: { id: user.sub, young: standing.young } }
          : { network: networkOf(request.ip) };
      await products.recordView(request.params.id, viewer);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/products',
    {
      config: { access: 'user' },
      schema: {
        tags: ['shop'],
        summary: 'List a product for sale (the seller is the caller)',
        body: CreateProductInput,
        response: { 201: Product, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await products.create(callerOf(request), request.body)),
  );

  app.put(
    '/products/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['shop'],
        summary: "Change a product's details (its seller only)",
        params: IdParams,
        body: UpdateProductInput,
        response: {
          200: Product,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => products.update(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/products/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['shop'],
        summary: 'Delete a product (its seller only); past orders keep their copy',
        params: IdParams,
        response: { 204: z.null(), 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      await products.remove(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/products/:id/featured',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shop'],
        summary: 'Feature or unfeature a product (admin only)',
        params: IdParams,
        body: SetFeaturedInput,
        response: { 200: Product, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => products.setFeatured(request.params.id, request.body.isFeatured),
  );

  app.get(
    '/sellers/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        summary: "A seller's public profile (their listings: GET /products?seller=)",
        params: IdParams,
        response: { 200: SellerProfile, 404: ErrorResponse },
      },
    },
    async (request, reply) => sendJsonBody(reply, (await sellers.get(request.params.id)).json),
  );

  app.get(
    '/reviews/product/:productId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        summary: "A product's reviews, newest first (one moderators hid: its author only, with the reason)",
        params: z.object({ productId: z.string() }),
        response: { 200: z.array(Review), 404: ErrorResponse },
      },
    },
    async (request) => reviews.listForProduct(request.params.productId, request.user?.sub),
  );

  app.get(
    '/reviews/product/:productId/eligibility',
    {
      config: { access: 'user' },
      schema: {
        tags: ['shop'],
        summary:
          'Whether the caller may review the product now (a buyer whose order of it arrived, once), or why not: the code and words POST /reviews would refuse with',
        params: z.object({ productId: z.string() }),
        response: { 200: ReviewStanding, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => reviews.standing(callerOf(request), request.params.productId),
  );

  app.post(
    '/reviews',
    {
      schema: {
        tags: ['shop'],
        summary:
          'Review a product: a buyer whose order of it arrived (confirmed received, or delivered by its seller), once per product, never its seller',
        body: CreateReviewInput,
        response: {
          201: Review,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
      config: { access: 'user' },
    },
    async (request, reply) => reply.code(201).send(await reviews.create(callerOf(request), request.body)),
  );
};
