import Fastify, { type FastifyInstance } from 'fastify';

export type FakeCharge = { status: string; amount: number; currency: string };
export type RecordedRequest = {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
};

/**
 * A stand-in for api.paystack.co on loopback, speaking Paystack's request and response shapes
 * (https://paystack.com/docs/api/transaction). Tests set what verify answers per reference.
 */
export async function startFakePaystack(secretKey: string) {
  const requests: RecordedRequest[] = [];
  const charges = new Map<string, FakeCharge>();
  /** References refunded, and what a new refund answers: Paystack queues them ('pending'). */
  const refunded = new Set<string>();
  let refundStatus: 'pending' | 'processed' = 'pending';
  let failNext: { status: number; body: unknown } | null = null;
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
