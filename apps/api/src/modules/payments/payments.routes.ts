import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@sokoni/contracts/errors';
import {
  InitializePaymentInput,
  InitializePaymentResponse,
  PaymentProviderInfo,
  PaymentVerification,
  VerifyPaymentQuery,
} from '@sokoni/contracts/payments';
import { PAYMENT_PROVIDER_LABELS, type PaymentProviderName } from '@sokoni/contracts/checkout';
import { SANDBOX_PHONE_TEXTS, SANDBOX_WRONG_PIN } from '@sokoni/contracts/mpesa';
import { line } from '@sokoni/contracts/text';
import { callerOf } from '../../lib/auth-guard.js';
import { standingOf } from '../../lib/standing.js';
import type { SiteOrigins } from '../../lib/site-origins.js';
import type { PaymentsService } from './payments.service.js';
import { SANDBOX_CHECKOUT_PATH } from './sandbox-provider.js';
import {
  callbackRedirect,
  SANDBOX_PAGE_CSP,
  sandboxApprovalPage,
  sandboxCheckoutPage,
  sandboxPhonePage,
} from './sandbox-page.js';

type Options = {
  payments: PaymentsService;
  origins: SiteOrigins;
  sandbox: boolean;
};

export const paymentsRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { payments } = options;
  const provider: PaymentProviderName = options.sandbox ? 'sandbox' : 'paystack';

  app.get(
    '/payments/provider',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Who takes payments here (Paystack, or the offline sandbox), for the pay button',
        response: { 200: PaymentProviderInfo },
      },
    },
    async () => ({ provider, label: PAYMENT_PROVIDER_LABELS[provider] }),
  );

  app.post(
    '/payments/initialize',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary:
          "Start a payment; answers Paystack's shape with the authorization_url to send the browser to",
        body: InitializePaymentInput,
        response: {
          200: InitializePaymentResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
          502: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) =>
      payments.initialize(
        callerOf(request),
        request.body,
        options.origins.callbackOrigins(),
        standingOf(request),
      ),
  );

  app.get(
    '/payments/verify',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'The state of one of the caller’s payments (checked with the provider while pending)',
        querystring: VerifyPaymentQuery,
        response: {
          200: PaymentVerification,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          502: ErrorResponse,
        },
      },
    },
    async (request) => payments.verify(callerOf(request), request.query.reference),
  );

  // The webhook's signature covers the exact bytes sent, so this route keeps the raw body.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/payments/webhook',
      {
        config: { access: 'public', rateLimit: false },
        schema: {
          tags: ['payments'],
          summary: 'Paystack events, signed with x-paystack-signature (HMAC-SHA512 of the raw body)',
          response: { 200: z.object({ received: z.boolean() }), 400: ErrorResponse, 401: ErrorResponse },
        },
      },
      async (request) => {
        const signature = request.headers['x-paystack-signature'];
        await payments.handleWebhook(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true };
      },
    );
  });

  if (!options.sandbox) return;

  // The sandbox pages' buttons are plain HTML forms: they post form-encoded bodies (the phone's PIN).
  await app.register(async (plugin) => {
    const sandbox = plugin.withTypeProvider<ZodTypeProvider>();
    sandbox.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const Reference = z.object({ reference: line().min(1).max(100) });
    const html = (reply: { header(k: string, v: string): unknown; type(t: string): unknown }) => {
      reply.header('content-security-policy', SANDBOX_PAGE_CSP);
      reply.header('cache-control', 'no-store');
      reply.type('text/html; charset=utf-8');
    };
    const path = SANDBOX_CHECKOUT_PATH.replace(/^\/api/, '');

    sandbox.get(
      `${path}/:reference`,
      { config: { access: 'public' }, schema: { hide: true, params: Reference } },
      async (request, reply) => {
        const { payment, description, amount } = await payments.sandboxCheckout(request.params.reference);
        html(reply);
        if (payment.status !== 'pending')
          return reply.redirect(callbackRedirect(payment.callbackUrl, payment.reference), 303);
        return sandboxCheckoutPage({
          reference: payment.reference,
          amount,
          description,
          email: payment.email,
        });
      },
    );

    sandbox.post(
      `${path}/:reference/pay`,
      { config: { access: 'public' }, schema: { hide: true, params: Reference } },
      async (request, reply) => {
        const payment = await payments.sandboxDecide(request.params.reference, 'pay');
        const { amount } = await payments.sandboxCheckout(payment.reference);
        html(reply);
        return sandboxApprovalPage({
          amount,
          redirectTo: callbackRedirect(payment.callbackUrl, payment.reference),
        });
      },
    );

    const Phone = z.object({ phone: z.string().regex(/^\+254[17]\d{8}$/) });
    const phonePage = async (phone: string, notice?: string) =>
      sandboxPhonePage({ phone, prompts: await payments.sandboxPrompts(phone), notice });

    sandbox.get(
      `${path}/phone/:phone`,
      { config: { access: 'public' }, schema: { hide: true, params: Phone } },
      async (request, reply) => {
        html(reply);
        return phonePage(request.params.phone);
      },
    );

    sandbox.post(
      `${path}/phone/:phone/:reference`,
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          params: Phone.extend(Reference.shape),
          body: z.object({ answer: z.enum(['approve', 'cancel']), pin: z.string().max(20).optional() }),
        },
      },
      async (request, reply) => {
        const { phone, reference } = request.params;
        const { answer, pin = '' } = request.body;
        html(reply);
        if (answer === 'approve' && !/^\d{4}$/.test(pin)) {
          return phonePage(phone, SANDBOX_PHONE_TEXTS.pinRequired);
        }
        const outcome = answer === 'cancel' ? 'cancel' : pin === SANDBOX_WRONG_PIN ? 'wrong_pin' : 'approve';
        const { amount } = await payments.sandboxAnswer(phone, reference, outcome);
        const notice =
          outcome === 'approve'
            ? SANDBOX_PHONE_TEXTS.approved(amount)
            : outcome === 'cancel'
              ? SANDBOX_PHONE_TEXTS.cancelled
              : SANDBOX_PHONE_TEXTS.wrongPin;
        return phonePage(phone, notice);
      },
    );

    sandbox.post(
      `${path}/:reference/decline`,
      { config: { access: 'public' }, schema: { hide: true, params: Reference } },
      async (request, reply) => {
        const payment = await payments.sandboxDecide(request.params.reference, 'decline');
        return reply.redirect(callbackRedirect(payment.callbackUrl, payment.reference), 303);
      },
    );
  });
};
