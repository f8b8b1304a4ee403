import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

export type FakeCharge = { status: string; amount: number; currency: string; gateway_response?: string };
export type FakeRefund = {
  id: number;
  amount: number;
  merchant_note: string | null;
  status: 'pending' | 'processed';
};
/** A transfer Paystack made from our balance (https://paystack.com/docs/api/transfer). */
export type FakeTransfer = {
  reference: string;
  amount: number;
  currency: string;
  recipient: string;
  reason: string;
  status: 'pending' | 'success' | 'failed' | 'reversed';
  transfer_code: string;
};
export type TransferEvent = 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
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
  /** Each charge's refunds, in full or in part, and what a new one answers: Paystack queues them ('pending'). */
  const refunds = new Map<string, FakeRefund[]>();
  let refundStatus: 'pending' | 'processed' = 'pending';
  /** The next refund is made, but its answer never reaches the caller (a timeout, a crash). */
  let loseRefundAnswer = false;
  /** Paystack's own numeric id of each transaction, given when first asked for. */
  const ids = new Map<string, number>();
  const idOf = (reference: string) => {
    if (!ids.has(reference)) ids.set(reference, 4099260516 + ids.size);
    return ids.get(reference) as number;
  };
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
        id: idOf(reference),
        reference,
        status: charge.status,
        amount: charge.amount,
        currency: charge.currency,
        gateway_response: charge.gateway_response ?? (charge.status === 'success' ? 'Approved' : null),
      },
    };
  });

  // https://paystack.com/docs/api/refund: the whole charge by default, or `amount` of it; several
  // parts of one charge, never more than is left of it (then refused, or 'fully reversed' once none is).
  app.post('/refund', async (request, reply) => {
    const body = request.body as { transaction: string; amount?: number; merchant_note?: string };
    const charge = charges.get(body.transaction);
    if (!charge) return reply.code(400).send({ status: false, message: 'Transaction reference not found' });
    const given = refunds.get(body.transaction) ?? [];
    const left = charge.amount - given.reduce((sum, refund) => sum + refund.amount, 0);
    if (left <= 0) {
      return reply.code(400).send({
        status: false,
        message: 'Transaction has been fully reversed',
        code: 'transaction_reversed',
      });
    }
    const amount = body.amount ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return reply
        .code(400)
        .send({ status: false, message: 'Refund amount cannot be more than the transaction amount' });
    }
    const refund: FakeRefund = {
      id: 1_000_000 + [...refunds.values()].flat().length,
      amount,
      merchant_note: body.merchant_note ?? null,
      status: refundStatus,
    };
    refunds.set(body.transaction, [...given, refund]);
    if (loseRefundAnswer) {
      loseRefundAnswer = false;
      return reply.code(504).send({ status: false, message: 'Gateway timeout' });
    }
    return {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        id: refund.id,
        transaction: { id: idOf(body.transaction), reference: body.transaction, amount: charge.amount },
        amount,
        currency: charge.currency,
        merchant_note: refund.merchant_note,
        status: refund.status,
      },
    };
  });

  // https://paystack.com/docs/api/refund/#list: a transaction's refunds, by its numeric id.
  app.get('/refund', async (request) => {
    const { transaction } = request.query as { transaction?: string };
    const reference = [...ids].find(([, id]) => String(id) === transaction)?.[0];
    const listed = reference ? (refunds.get(reference) ?? []) : [];
    return {
      status: true,
      message: 'Refunds retrieved',
      data: listed.map((refund) => ({ ...refund, transaction: Number(transaction), currency: 'KES' })),
      meta: { total: listed.length, page: 1, perPage: 100 },
    };
  });

  // Transfers (https://paystack.com/docs/transfers/single-transfers): a recipient per account (the
  // same details answer the same code), then a transfer from the balance under the caller's
  // reference, which Paystack never makes twice.
  const recipients = new Map<string, { recipient_code: string; body: Record<string, unknown> }>();
  const transfers = new Map<string, FakeTransfer>();
  let transferStatus: FakeTransfer['status'] = 'pending';
  /** While set, a transfer is made (and counted) but its answer waits: the caller may die meanwhile. */
  let heldTransfers: { promise: Promise<void>; release: () => void } | null = null;

  app.post('/transferrecipient', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    if (typeof body.account_number !== 'string' || typeof body.bank_code !== 'string' || !body.name) {
      return reply.code(400).send({ status: false, message: 'Account number is invalid' });
    }
    const key = `${String(body.type)}:${body.bank_code}:${body.account_number}`;
    const recipient = recipients.get(key) ?? { recipient_code: `RCP_${recipients.size + 1}fake`, body };
    recipients.set(key, recipient);
    return {
      status: true,
      message: 'Transfer recipient created successfully',
      data: {
        active: true,
        currency: body.currency,
        name: body.name,
        recipient_code: recipient.recipient_code,
        type: body.type,
        details: { account_number: body.account_number, bank_code: body.bank_code },
      },
    };
  });

  const transferData = (transfer: FakeTransfer) => ({
    amount: transfer.amount,
    currency: transfer.currency,
    reference: transfer.reference,
    source: 'balance',
    reason: transfer.reason,
    status: transfer.status,
    failures: null,
    transfer_code: transfer.transfer_code,
    recipient: transfer.recipient,
  });

  app.post('/transfer', async (request, reply) => {
    const body = request.body as {
      reference?: string;
      amount?: number;
      currency?: string;
      recipient?: string;
      reason?: string;
    };
    if (!body.reference || !Number.isInteger(body.amount) || !body.recipient) {
      return reply.code(400).send({ status: false, message: 'Invalid transfer' });
    }
    if (![...recipients.values()].some((recipient) => recipient.recipient_code === body.recipient)) {
      return reply.code(400).send({ status: false, message: 'Recipient specified is invalid' });
    }
    if (transfers.has(body.reference)) {
      return reply.code(400).send({ status: false, message: 'Duplicate Transfer Reference' });
    }
    const transfer: FakeTransfer = {
      reference: body.reference,
      amount: body.amount as number,
      currency: body.currency ?? 'KES',
      recipient: body.recipient,
      reason: body.reason ?? '',
      status: transferStatus,
      transfer_code: `TRF_${transfers.size + 1}fake`,
    };
    transfers.set(body.reference, transfer);
    await heldTransfers?.promise;
    return { status: true, message: 'Transfer has been queued', data: transferData(transfer) };
  });

  app.get('/transfer/verify/:reference', async (request, reply) => {
    const transfer = transfers.get((request.params as { reference: string }).reference);
    if (!transfer) return reply.code(404).send({ status: false, message: 'Transfer not found' });
    return { status: true, message: 'Transfer retrieved', data: transferData(transfer) };
  });

  const releaseTransfers = () => {
    heldTransfers?.release();
    heldTransfers = null;
  };

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
    /** The refunds Paystack made of this charge, in the order asked. */
    refundsOf: (reference: string) => refunds.get(reference) ?? [],
    /** A refund of this charge done (as Paystack's team processes it), before its event is sent. */
    /** The next refund is made at Paystack, but the caller is answered 504 as if it timed out. */
    loseNextRefundAnswer: () => {
      loseRefundAnswer = true;
    },
    processRefunds: (reference: string) => {
      for (const refund of refunds.get(reference) ?? []) refund.status = 'processed';
    },
    /** What Paystack says of the refunds asked for from now on. */
    answerRefundsWith: (status: 'pending' | 'processed') => {
      refundStatus = status;
    },
    /** Every transfer Paystack made to this recipient (each is money sent), in the order made. */
    transfersTo: (recipient: string) =>
      [...transfers.values()].filter((transfer) => transfer.recipient === recipient),
    /** The recipient made for these details, as sent. */
    recipientOf: (code: string) =>
      [...recipients.values()].find((recipient) => recipient.recipient_code === code)?.body,
    /** What a new transfer's status is from now on: Paystack's live transfers start pending. */
    answerTransfersWith: (status: FakeTransfer['status']) => {
      transferStatus = status;
    },
    /** From now on, a transfer is made but not answered until releaseTransfers(). */
    holdTransfers: () => {
      let release = () => {};
      const promise = new Promise<void>((resolve) => (release = resolve));
      heldTransfers = { promise, release };
    },
    releaseTransfers,
    /**
     * Ends a transfer as Paystack does (success, failed or reversed), answering the signed webhook it
     * sends for it: the raw body and its x-paystack-signature.
     */
    transferEvent: (reference: string, event: TransferEvent) => {
      const transfer = transfers.get(reference);
      if (!transfer) throw new Error(`no transfer ${reference}`);
      transfer.status =
        event === 'transfer.success' ? 'success' : event === 'transfer.failed' ? 'failed' : 'reversed';
      const body = JSON.stringify({
        event,
        data: { ...transferData(transfer), integration: 463433, domain: 'test' },
      });
      return { body, signature: createHmac('sha512', secretKey).update(body).digest('hex') };
    },
    close: async () => {
      releaseTransfers();
      await app.close();
    },
  };
}
