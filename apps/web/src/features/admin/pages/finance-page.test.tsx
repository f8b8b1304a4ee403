import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { EARNINGS_MESSAGES, type FinanceReport } from '@sokoni/contracts/earnings';
import { useAuthStore } from '@/stores/auth';
import { apiFailure } from '@/test/answers';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { FinancePage } from './finance-page';

const signIn = (role: 'user' | 'admin') =>
  useAuthStore.setState({
    user: { id: 'u-1', name: 'Wairimu Kariuki', email: 'wairimu@example.co.ke', role, token: 'jwt' },
  });

afterEach(() => {
  useAuthStore.setState({ user: null });
});

function buildReport(overrides: Partial<FinanceReport> = {}): FinanceReport {
  return {
    feesEarned: 12_345.5,
    providerClearing: 250_000,
    heldForEarners: { pending: 180_000, available: 45_000.25 },
    paidOut: 9_000,
    payoutsInFlight: { count: 2, amount: 3_000 },
    payoutsFailed: { count: 1, amount: 500 },
    refundsPending: { count: 3, amount: 1_200 },
    check: { entries: 1_204, unbalancedEntries: 0, balancesOff: 0, negativeEarnerBalances: 0, ok: true },
    ...overrides,
  };
}

/** The value shown beside `term` on the page. */
const figure = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('Finance (admin)', () => {
  it("shows an admin where the money is and the ledger's check", async () => {
    signIn('admin');
    server.use(http.get('/api/admin/finance', () => HttpResponse.json(buildReport())));
    renderWithProviders(<FinancePage />, { url: '/admin/finance' });

    expect(await screen.findByText('Fees earned')).toBeTruthy();
    expect(figure('Fees earned')).toBe('KES 12,345.50');
    expect(figure('Held for earners: pending')).toBe('KES 180,000');
    expect(figure('Held for earners: available')).toBe('KES 45,000.25');
    expect(figure('Paid out')).toBe('KES 9,000');
    expect(figure('With the payment provider')).toBe('KES 250,000');
    expect(figure('Payouts in flight')).toBe('2 · KES 3,000');
    expect(figure('Payouts failed')).toBe('1 · KES 500');
    expect(figure('Refunds pending')).toBe('3 · KES 1,200');
    const check = screen.getByTestId('ledger-check');
    expect(check.getAttribute('role')).toBe('status');
    expect(check.textContent).toBe(
      'OK. All 1,204 entries balance, every balance matches its lines and no earner is below zero.',
    );
  });

  it('counts what the ledger check found wrong', async () => {
    signIn('admin');
    const check = { entries: 40, unbalancedEntries: 1, balancesOff: 2, negativeEarnerBalances: 0, ok: false };
    server.use(http.get('/api/admin/finance', () => HttpResponse.json(buildReport({ check }))));
    renderWithProviders(<FinancePage />, { url: '/admin/finance' });

    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('ledger-check');
    expect(within(alert).getByText('Unbalanced entries').nextElementSibling?.textContent).toBe('1');
    expect(
      within(alert).getByText('Balances that differ from their lines').nextElementSibling?.textContent,
    ).toBe('2');
    expect(within(alert).getByText('Earner balances below zero').nextElementSibling?.textContent).toBe('0');
  });

  it('shows anyone else the not-allowed state, without asking the server', () => {
    signIn('user');
    const requests = recordRequests();
    renderWithProviders(<FinancePage />, { url: '/admin/finance' });

    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(EARNINGS_MESSAGES.notAdmin);
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(requests).toEqual([]);
  });

  it('shows the not-allowed state when the server no longer counts the caller an admin', async () => {
    signIn('admin');
    server.use(http.get('/api/admin/finance', () => apiFailure(403, 'ADMIN_ONLY', AUTH_MESSAGES.adminOnly)));
    renderWithProviders(<FinancePage />, { url: '/admin/finance' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Finance' })).toBeNull();
  });
});
