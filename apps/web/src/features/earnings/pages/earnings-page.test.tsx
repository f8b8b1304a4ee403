import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_MESSAGES } from '@sokoni/contracts/delivery-rules';
import {
  EARNINGS_MESSAGES,
  PAYOUT_MINIMUM_KES,
  STATEMENT_CSV_FILENAME,
  type EarningsSummary,
  type Payout,
  type StatementLine,
} from '@sokoni/contracts/earnings';
import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import { useAuthStore } from '@/stores/auth';
import { apiFailure, pageAnswer } from '@/test/answers';
import { fieldError } from '@/test/field-error';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { EARNINGS_PAGE_MESSAGES } from '../lib/earnings-messages';
import { EarningsPage } from './earnings-page';

beforeEach(() => {
  useAuthStore.setState({
    user: {
      id: 'u-amina',
      name: 'Amina Njeri',
      email: 'amina@example.co.ke',
      role: 'user',
      token: 'jwt-amina',
    },
  });
});

afterEach(() => {
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

const MPESA = { kind: 'mpesa', name: 'Amina Njeri', label: 'M-Pesa 0712 ••• 678' } as const;

function buildSummary(overrides: Partial<EarningsSummary> = {}): EarningsSummary {
  return {
    pending: 0,
    available: 0,
    inFlight: 0,
    paidOut: 0,
    minimumPayout: PAYOUT_MINIMUM_KES,
    payoutMethod: null,
    payouts: [],
    ...overrides,
  };
}

let nextLine = 1;

function buildLine(overrides: Partial<StatementLine> = {}): StatementLine {
  const n = nextLine++;
  return {
    id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
    occurredAt: '2026-11-27T11:05:00.000Z',
    kind: 'sale',
    description: `Sale: 1 × Kiondo basket ${n}`,
    account: 'pending',
    amount: 1900,
    ...overrides,
  };
}

function buildPayout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: '00000000-0000-4000-b000-000000000001',
    reference: 'po_0001',
    amount: 20_000,
    status: 'paid',
    method: 'M-Pesa 0712 ••• 678',
    requestedAt: '2026-11-20T06:00:00.000Z',
    settledAt: '2026-11-20T06:01:00.000Z',
    failure: null,
    ...overrides,
  };
}

/** GET /api/earnings answers `summary()`; GET /api/earnings/statement pages `lines()` 20 at a time. */
function serve(summary: () => EarningsSummary, lines: () => StatementLine[] = () => []) {
  server.use(
    http.get('/api/earnings', () => HttpResponse.json(summary())),
    http.get('/api/earnings/statement', ({ request }) => {
      const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
      return pageAnswer(lines().slice(offset, offset + 20), lines().length);
    }),
  );
}

const balance = (term: string) =>
  within(screen.getByTestId('balances')).getByText(term).nextElementSibling?.textContent;

describe('Earnings', () => {
  it('shows the balances, the payout method masked, recent payouts and the statement, + in and − out, in EAT', async () => {
    const sale = buildLine({ amount: 9500, description: 'Sale: 2 × Bao board' });
    const refund = buildLine({ kind: 'refund', amount: -475.5, description: 'Refund: Bao board' });
    serve(
      () =>
        buildSummary({
          pending: 9500,
          available: 1234.5,
          paidOut: 20_000,
          payoutMethod: MPESA,
          payouts: [
            buildPayout(),
            buildPayout({
              id: '00000000-0000-4000-b000-000000000002',
              status: 'failed',
              amount: 800,
              failure: 'The transfer did not go through. The money is back in your available balance.',
            }),
          ],
        }),
      () => [sale, refund],
    );
    renderWithProviders(<EarningsPage />, { url: '/earnings' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Earnings' })).toBeTruthy();
    await waitFor(() => expect(balance('Available')).toBe('KES 1,234.50'));
    expect(balance('Pending')).toBe('KES 9,500');
    expect(balance('Paid out')).toBe('KES 20,000');
    // Nothing is on its way: that balance shows only while a payout is.
    expect(within(screen.getByTestId('balances')).queryByText('On its way')).toBeNull();
    expect(screen.getByTestId('payout-method').textContent).toBe('M-Pesa 0712 ••• 678 · Amina Njeri');

    const payouts = screen.getAllByTestId('payout');
    expect(payouts.map((payout) => within(payout).getByTestId('payout-status').textContent)).toEqual([
      'Paid',
      'Failed',
    ]);
    expect(within(payouts[1]!).getByText(/did not go through/)).toBeTruthy();

    const lines = await screen.findAllByTestId('statement-line');
    expect(lines.map((line) => line.textContent)).toEqual([
      `Sale: 2 × Bao board${formatNairobiTime(sale.occurredAt)} · Pending+KES 9,500`,
      `Refund: Bao board${formatNairobiTime(refund.occurredAt)} · Pending\u2212KES 475.50`,
    ]);
    expect(formatNairobiTime(sale.occurredAt)).toBe('27 Nov 2026, 14:05 EAT');
  });

  it('pages the statement with Load more, as X-Total-Count counts it', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 25 }, () => buildLine());
    serve(
      () => buildSummary({ pending: 47_500 }),
      () => all,
    );
    const requests = recordRequests();
    renderWithProviders(<EarningsPage />, { url: '/earnings' });

    expect(await screen.findAllByTestId('statement-line')).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 25')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      requests.filter(({ path }) => path === '/api/earnings/statement').map(({ url }) => url.search),
    ).toEqual(['', '?offset=20']);
  });

  it("keeps 'Get paid now' disabled below the minimum or without a payout method, saying why", async () => {
    let summary = buildSummary({ available: PAYOUT_MINIMUM_KES - 1, payoutMethod: MPESA });
    serve(
      () => summary,
      () => [buildLine()],
    );
    const first = renderWithProviders(<EarningsPage />, { url: '/earnings' });

    const button = await screen.findByRole('button', { name: 'Get paid now' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('get-paid-blocked');
    expect(document.getElementById('get-paid-blocked')?.textContent).toBe(EARNINGS_MESSAGES.belowMinimum);
    first.unmount();

    summary = buildSummary({ available: 5000 });
    renderWithProviders(<EarningsPage />, { url: '/earnings' });
    expect((await screen.findByRole('button', { name: 'Get paid now' })).hasAttribute('disabled')).toBe(true);
    expect(document.getElementById('get-paid-blocked')?.textContent).toBe(EARNINGS_MESSAGES.noPayoutMethod);
    expect(screen.getByRole('button', { name: 'Add payout method' })).toBeTruthy();
  });

  it("'Get paid now' asks for the available balance, says the server's message, and shows it on its way", async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let summary = buildSummary({ available: 1500, payoutMethod: MPESA });
    const message = EARNINGS_MESSAGES.payoutRequested('KES 1,500');
    const requests = recordRequests();
    serve(
      () => summary,
      () => [buildLine()],
    );
    server.use(
      http.post('/api/payouts', () => {
        const payout = buildPayout({ amount: 1500, status: 'in_flight', settledAt: null });
        summary = { ...summary, available: 0, inFlight: 1500, payouts: [payout] };
        return HttpResponse.json({ message, payout });
      }),
    );
    renderWithProviders(<EarningsPage />, { url: '/earnings' });

    expect(await screen.findByText('KES 1,500 can be sent to M-Pesa 0712 ••• 678.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Get paid now' }));

    await waitFor(() => expect(balance('On its way')).toBe('KES 1,500'));
    expect(screen.getByText(message, { selector: '[role="status"]' })).toBeTruthy();
    expect(success).toHaveBeenCalledWith(message);
    expect(balance('Available')).toBe('KES 0');
    expect(screen.getByTestId('payout-status').textContent).toBe('On its way');
    const post = requests.find(({ method }) => method === 'POST')!;
    expect(post.path).toBe('/api/payouts');
    expect(post.body).toBeUndefined();
  });

  it("shows the server's refusal of a payout in its words", async () => {
    const user = userEvent.setup();
    serve(
      () => buildSummary({ available: 1500, payoutMethod: MPESA }),
      () => [buildLine()],
    );
    server.use(
      http.post('/api/payouts', () => apiFailure(409, 'PAYOUT_CONFLICT', EARNINGS_MESSAGES.payoutConflict)),
    );
    renderWithProviders(<EarningsPage />, { url: '/earnings' });

    await user.click(await screen.findByRole('button', { name: 'Get paid now' }));

    expect((await screen.findByRole('alert')).textContent).toBe(EARNINGS_MESSAGES.payoutConflict);
  });

  it('saves an M-Pesa number as the payout method, checked with the server’s rules first', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let summary = buildSummary({ available: 500 });
    const puts: unknown[] = [];
    serve(
      () => summary,
      () => [buildLine()],
    );
    server.use(
      http.put('/api/earnings/payout-method', async ({ request }) => {
        puts.push(await request.json());
        summary = { ...summary, payoutMethod: MPESA };
        return HttpResponse.json(MPESA);
      }),
    );
    renderWithProviders(<EarningsPage />, { url: '/earnings' });

    await user.click(await screen.findByRole('button', { name: 'Add payout method' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add payout method' }));
    expect(dialog.getByLabelText<HTMLInputElement>('M-Pesa').checked).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'Save payout method' }));
    await waitFor(() => expect(fieldError('M-Pesa number')).toBe(DELIVERY_MESSAGES.phone));
    expect(fieldError('Name registered with M-Pesa')).toBe(EARNINGS_MESSAGES.accountName);
    expect(puts).toEqual([]);

    await user.type(dialog.getByLabelText('M-Pesa number'), '0712 345 678');
    await user.type(dialog.getByLabelText('Name registered with M-Pesa'), 'Amina Njeri');
    await user.click(dialog.getByRole('button', { name: 'Save payout method' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts).toEqual([{ kind: 'mpesa', phone: '+254712345678', name: 'Amina Njeri' }]);
    expect(success).toHaveBeenCalledWith(EARNINGS_MESSAGES.payoutMethodSaved);
    expect((await screen.findByTestId('payout-method')).textContent).toBe(
      'M-Pesa 0712 ••• 678 · Amina Njeri',
    );
  });

  it('saves a bank account, and shows the server’s reason beside its field', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    serve(
      () => buildSummary({ available: 500, payoutMethod: MPESA }),
      () => [buildLine()],
    );
    server.use(
      http.put('/api/earnings/payout-method', async ({ request }) => {
        puts.push(await request.json());
        return apiFailure(400, 'VALIDATION_FAILED', EARNINGS_MESSAGES.bankCode, [
          { path: 'bankCode', message: EARNINGS_MESSAGES.bankCode },
        ]);
      }),
    );
    renderWithProviders(<EarningsPage />, { url: '/earnings' });

    await user.click(await screen.findByRole('button', { name: 'Change payout method' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change payout method' }));
    await user.click(dialog.getByLabelText('Bank account'));
    await user.type(dialog.getByLabelText('Bank code'), '68');
    await user.type(dialog.getByLabelText('Account number'), '0123456789');
    // The saved method's name is kept.
    expect(dialog.getByLabelText<HTMLInputElement>('Name on the account').value).toBe('Amina Njeri');
    await user.click(dialog.getByRole('button', { name: 'Save payout method' }));

    await waitFor(() => expect(fieldError('Bank code')).toBe(EARNINGS_MESSAGES.bankCode));
    expect(puts).toEqual([
      { kind: 'bank', bankCode: '68', accountNumber: '0123456789', name: 'Amina Njeri' },
    ]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('Download CSV fetches the whole statement with the bearer token and saves it', async () => {
    const user = userEvent.setup();
    const csv = 'Date (EAT),Type,Description,Balance,Amount (KES)\r\n';
    const csvRequests: Request[] = [];
    serve(
      () => buildSummary({ pending: 1900 }),
      () => [buildLine()],
    );
    server.use(
      http.get('/api/earnings/statement.csv', ({ request }) => {
        csvRequests.push(request);
        return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const saved: Array<{ name: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderWithProviders(<EarningsPage />, { url: '/earnings' });

    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(saved).toEqual([{ name: STATEMENT_CSV_FILENAME, href: 'blob:statement' }]));
    expect(csvRequests[0]!.headers.get('Authorization')).toBe('Bearer jwt-amina');
    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe(csv);
  });

  it('shows someone who sold nothing an empty state, and still lets them add a payout method', async () => {
    serve(() => buildSummary());
    renderWithProviders(<EarningsPage />, { url: '/earnings' });

    expect(await screen.findByText(EARNINGS_PAGE_MESSAGES.nothingYet)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sell an item' }).getAttribute('href')).toBe('/sell');
    expect(screen.getByRole('button', { name: 'Add payout method' })).toBeTruthy();
    expect(screen.queryByTestId('balances')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Statement' })).toBeNull();
  });

  it('says so when the earnings cannot load, and loads them again on Try Again', async () => {
    const user = userEvent.setup();
    let down = true;
    server.use(
      http.get('/api/earnings', () =>
        down ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json(buildSummary({ pending: 1900 })),
      ),
      http.get('/api/earnings/statement', () => pageAnswer([buildLine()])),
    );
    renderWithProviders(<EarningsPage />, { url: '/earnings' });

    expect((await screen.findByRole('alert')).textContent).toBe(EARNINGS_PAGE_MESSAGES.loadFailed);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    await waitFor(() => expect(balance('Pending')).toBe('KES 1,900'));
  });
});
