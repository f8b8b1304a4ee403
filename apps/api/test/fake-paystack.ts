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
    close: () => app.close(),
  };
}
