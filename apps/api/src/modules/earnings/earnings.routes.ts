import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  earningsSummary,
  feesResponse,
  financeReport,
  payoutMethod,
  PayoutMethodInput,
  payoutRequestResponse,
  STATEMENT_CSV_FILENAME,
  StatementQuery,
  statementResponse,
} from '@sokoni/contracts/earnings';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { callerOf } from '../../lib/auth-guard.js';
import type { EarningsService } from './earnings.service.js';
import type { PayoutsService } from './payouts.service.js';

export const earningsRoutes: FastifyPluginAsyncZod<{
  earnings: EarningsService;
  payouts: PayoutsService;
}> = async (app, { earnings, payouts }) => {
  app.get(
    '/earnings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['earnings'],
        summary:
          "The caller's balances (pending, available, on its way, paid out), payout method and recent payouts",
        response: { 200: earningsSummary, 401: ErrorResponse },
      },
    },
    async (request) => earnings.summary(callerOf(request)),
  );

  app.get(
    '/earnings/statement',
    {
      config: { access: 'user' },
      schema: {
        tags: ['earnings'],
        summary:
          "The caller's statement: every line on their balances, newest first (X-Total-Count carries the total)",
        querystring: StatementQuery,
        response: { 200: statementResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { lines, total } = await earnings.statement(callerOf(request), request.query);
      reply.header('x-total-count', total);
      return lines;
    },
  );

  app.get(
    '/earnings/statement.csv',
    {
      config: { access: 'user' },
      schema: {
        tags: ['earnings'],
        summary: "The caller's whole statement as a CSV download (times in EAT, amounts in KES)",
        response: {
          200: {
            description: 'A header row, then every line',
            content: { 'text/csv': { schema: z.string() } },
          },
          401: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${STATEMENT_CSV_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(await earnings.statementCsv(callerOf(request))),
  );

  app.put(
    '/earnings/payout-method',
    {
      config: { access: 'user' },
      schema: {
        tags: ['earnings'],
        summary: 'Save how the caller is paid: an M-Pesa number, or a bank account',
        body: PayoutMethodInput,
        response: { 200: payoutMethod, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => earnings.savePayoutMethod(callerOf(request), request.body),
  );

  app.post(
    '/payouts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['earnings'],
        summary: "Pay out the caller's whole available balance to their payout method (KES 100 at least)",
        response: { 201: payoutRequestResponse, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await payouts.requestPayout(callerOf(request))),
  );

  app.get(
    '/fees',
    {
      config: { access: 'public' },
      schema: {
        tags: ['earnings'],
        summary: "Sokoni's fee on each vertical's sales, in percent",
        response: { 200: feesResponse },
      },
    },
    async () => earnings.fees(),
  );

  app.get(
    '/admin/finance',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['earnings'],
        summary:
          'Where the money is: fees, what is held for earners, payouts and refunds, and the ledger’s check (admin only)',
        response: { 200: financeReport, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async () => earnings.financeReport(),
  );
};
