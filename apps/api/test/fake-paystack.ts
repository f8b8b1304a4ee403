import Fastify, { type FastifyInstance } from 'fastify';

export type FakeCharge = { status: string; amount: number; currency: string; gateway_response?: string };
export type RecordedRequest = {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
};

/**
 * A stand-in for api.paystack.co on loopback, speaking Paystack's request and response shapes
 * (https://paystack.com/docs/api/transaction, /charge). Tests set what verify answers per reference:
 * an M-Pesa charge stays pending (pay_offline) until a test says it succeeded or failed, or never does.
 */
export async function startFakePaystack(secretKey: string) {
  const requests: RecordedRequest[] = [];
  const charges = new Map<string, FakeCharge>();
  /** References refunded, and what a new refund answers: Paystack queues them ('pending'). */
  const refunded = new Set<string>();
  let refundStatus: 'pending' | 'processed' = 'pending';
  let failNext: { status: number; body: unknown } | null = null;
  /** What /charge answers at once for a phone, as M-Pesa does for a number it refuses outright. */
  const chargeAnswers = new Map<string, { status: string; gateway_response: string }>();
  const app: FastifyInstance = Fastify({ logger: false });

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return reply.code(401).send({ status: false, message: 'Invalid key' });
    }
  });
  app.addHook('preHandler', async (request, reply) => {
    requests.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      body: request.body,
    });
    if (failNext) {
      const failure = failNext;
      failNext = null;
      return reply.code(failure.status).send(failure.body);
    }
  });

  app.post('/transaction/initialize', async (request) => {
    const body = request.body as { reference: string; amount: number; currency: string };
    charges.set(body.reference, { status: 'ongoing', amount: body.amount, currency: body.currency });
    return {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `https://checkout.paystack.com/${body.reference}`,
        access_code: `ac_${body.reference}`,
        reference: body.reference,
      },
    };
  });

  // https://paystack.com/docs/payments/payment-channels/#mobile-money
  app.post('/charge', async (request, reply) => {
    const body = request.body as {
      reference?: string;
      amount?: number;
      currency?: string;
      mobile_money?: { phone?: string; provider?: string };
    };
    if (!body.reference || !body.amount || !body.mobile_money?.phone) {
      return reply.code(400).send({ status: false, message: 'Invalid charge' });
    }
    if (charges.has(body.reference)) {
      return reply.code(400).send({ status: false, message: 'Duplicate Transaction Reference' });
    }
    const immediate = chargeAnswers.get(body.mobile_money.phone);
    charges.set(body.reference, {
      status: immediate?.status ?? 'ongoing',
      amount: body.amount,
      currency: body.currency ?? 'KES',
      ...(immediate ? { gateway_response: immediate.gateway_response } : {}),
    });
    return {
      status: true,
      message: 'Charge attempted',
      data: immediate
        ? {
            reference: body.reference,
            status: immediate.status,
            gateway_response: immediate.gateway_response,
          }
        : {
            reference: body.reference,
            status: 'pay_offline',
            display_text: 'Please complete authorization process on your mobile number',
          },
    };
  });

  app.get('/transaction/verify/:reference', async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const charge = charges.get(reference);
    if (!charge) return reply.code(400).send({ status: false, message: 'Transaction reference not found' });
    return {
      status: true,
      message: 'Verification successful',
      data: {
        id: 4099260516,
        reference,
        status: charge.status,
        amount: charge.amount,
        currency: charge.currency,
        gateway_response: charge.gateway_response ?? (charge.status === 'success' ? 'Approved' : null),
      },
    };
  });

  // https://paystack.com/docs/api/refund: a full refund by default; a second one is refused.
  app.post('/refund', async (request, reply) => {
    const { transaction } = request.body as { transaction: string };
    const charge = charges.get(transaction);
    if (!charge) return reply.code(400).send({ status: false, message: 'Transaction reference not found' });
    if (refunded.has(transaction)) {
      return reply.code(400).send({
        status: false,
        message: 'Transaction has been fully reversed',
        code: 'transaction_reversed',
      });
    }
    refunded.add(transaction);
    return {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: { reference: transaction, amount: charge.amount },
        amount: charge.amount,
        currency: charge.currency,
        status: refundStatus,
      },
    };
  });

  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl,
    requests,
    /** What Paystack will say of this reference from now on. */
    setCharge: (reference: string, charge: Partial<FakeCharge>) =>
      charges.set(reference, {
        ...(charges.get(reference) ?? { status: 'ongoing', amount: 0, currency: 'KES' }),
        ...charge,
      }),
    chargeOf: (reference: string) => charges.get(reference),
    /** What /charge answers at once for this phone from now on (a refusal with M-Pesa's words). */
    answerChargesTo: (phone: string, answer: { status: string; gateway_response: string }) =>
      chargeAnswers.set(phone, answer),
    failNextWith: (status: number, body: unknown) => {
      failNext = { status, body };
    },
    /** What Paystack says of the refunds asked for from now on. */
    answerRefundsWith: (status: 'pending' | 'processed') => {
      refundStatus = status;
    },
    close: () => app.close(),
  };
}
