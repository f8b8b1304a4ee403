import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_MESSAGES } from '@sokoni/contracts/delivery-rules';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import { goToProvider } from '@/lib/payment-flow';
import type * as PaymentFlow from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useMpesaNumberStore } from '@/stores/mpesa-number';
import { apiFailure } from '@/test/answers';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { fieldError } from '@/test/field-error';
import { cardStartAnswer, mpesaStartAnswer } from '@/test/payment-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { PayStep, type PaySubject } from './pay-step';

// Leaving the app for the provider's page is a full navigation: the test only sees where it would go.
vi.mock('@/lib/payment-flow', async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentFlow>()),
  goToProvider: vi.fn(),
}));

const PAYER = { id: 'u1', name: 'Achieng Otieno', email: 'achieng@example.co.ke', role: 'user', token: 't' };
const TICKETS: PaySubject = { paymentType: 'event', eventId: 'e1', quantity: 2 };

beforeEach(() => {
  localStorage.clear();
  useMpesaNumberStore.setState({ numbers: {} });
  useAuthStore.setState({ user: PAYER });
});

afterEach(() => {
  cleanup();
  useAuthStore.setState({ user: null });
  vi.mocked(goToProvider).mockReset();
});

function renderPayStep(props: Partial<Parameters<typeof PayStep>[0]> = {}) {
  return renderWithProviders(
    <>
      <PayStep subject={TICKETS} amount={3600} {...props} />
      <CurrentUrl />
    </>,
    { url: '/events/e1' },
  );
}

const mpesaButton = () => screen.getByRole('button', { name: 'Pay KES 3,600 with M-Pesa' });
const cardButton = () => screen.getByRole('button', { name: MPESA_MESSAGES.payByCard });

describe('PayStep', () => {
  it('refuses a number that is not Kenyan with the rule’s message, sending nothing', async () => {
    const requests = recordRequests();
    renderPayStep();

    await userEvent.type(screen.getByLabelText(MPESA_MESSAGES.numberLabel), '0812 345');
    await userEvent.click(mpesaButton());

    expect(fieldError(MPESA_MESSAGES.numberLabel)).toBe(DELIVERY_MESSAGES.phone);
    expect(screen.getByLabelText(MPESA_MESSAGES.numberLabel).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText(MPESA_MESSAGES.numberLabel)),
    );
    expect(requests.filter(({ path }) => path === '/api/payments/initialize')).toEqual([]);
  });

  it('sends the prompt to the number, remembers it on this device and opens the waiting screen', async () => {
    const requests = recordRequests();
    const onStarted = vi.fn();
    server.use(http.post('/api/payments/initialize', () => mpesaStartAnswer({ reference: 'ref_m1' })));
    renderPayStep({ callbackDetails: { eventId: 'e1', quantity: '2' }, onStarted });

    await userEvent.type(screen.getByLabelText(MPESA_MESSAGES.numberLabel), '0712 345 678');
    await userEvent.click(mpesaButton());

    await waitFor(() =>
      expect(currentUrl()).toBe('/payment/callback?eventId=e1&quantity=2&reference=ref_m1&method=mpesa'),
    );
    const initialize = requests.find(({ path }) => path === '/api/payments/initialize');
    expect(initialize?.body).toEqual({
      paymentType: 'event',
      eventId: 'e1',
      quantity: 2,
      method: 'mpesa',
      phone: '+254712345678',
      email: 'achieng@example.co.ke',
      amount: 3600,
      callback_url: `${window.location.origin}/payment/callback?eventId=e1&quantity=2`,
    });
    expect(useMpesaNumberStore.getState().numbers).toEqual({ u1: '+254712345678' });
    expect(onStarted).toHaveBeenCalledTimes(1);
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('offers the number given first, else the one this account last used here', async () => {
    useMpesaNumberStore.setState({ numbers: { u1: '+254733000111', someoneElse: '+254799000999' } });
    renderPayStep();
    expect(screen.getByLabelText<HTMLInputElement>(MPESA_MESSAGES.numberLabel).value).toBe('0733 000 111');
    cleanup();

    renderPayStep({ defaultPhone: '0722 000 111' });
    expect(screen.getByLabelText<HTMLInputElement>(MPESA_MESSAGES.numberLabel).value).toBe('0722 000 111');
  });

  it('pays by card without a number: the browser goes to the provider, saying where', async () => {
    const requests = recordRequests();
    server.use(http.post('/api/payments/initialize', () => cardStartAnswer('https://pay.example/card')));
    renderPayStep();

    await userEvent.click(cardButton());

    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('https://pay.example/card'));
    expect(requests.find(({ path }) => path === '/api/payments/initialize')?.body).toEqual({
      paymentType: 'event',
      eventId: 'e1',
      quantity: 2,
      method: 'card',
      email: 'achieng@example.co.ke',
      amount: 3600,
      callback_url: `${window.location.origin}/payment/callback`,
    });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Redirecting to Sokoni Sandbox...'),
    );
    expect(mpesaButton()).toHaveProperty('disabled', true);
    expect(cardButton()).toHaveProperty('disabled', true);
  });

  it('names Paystack when it takes the payment, and says so while redirecting', async () => {
    server.use(
      http.get('/api/payments/provider', () =>
        HttpResponse.json({ provider: 'paystack', label: 'Paystack' }),
      ),
      http.post('/api/payments/initialize', () => cardStartAnswer('https://checkout.paystack.com/x')),
    );
    renderPayStep();

    await userEvent.click(cardButton());

    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('https://checkout.paystack.com/x'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Redirecting to Paystack...'));
  });

  it('shows a refusal inline: the server’s words, else the vertical’s own', async () => {
    server.use(
      http.post('/api/payments/initialize', () =>
        apiFailure(409, 'NOT_ENOUGH_SEATS', 'Only 1 ticket is left for this event.'),
      ),
    );
    renderPayStep({ defaultPhone: '0712345678' });
    await userEvent.click(mpesaButton());
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Only 1 ticket is left for this event.',
    );
    expect(mpesaButton()).toHaveProperty('disabled', false);
    expect(currentUrl()).toBe('/events/e1');
    cleanup();

    server.use(http.post('/api/payments/initialize', () => apiFailure(500, 'INTERNAL_ERROR', 'boom')));
    renderPayStep({ failedMessage: 'Payment initiation failed. Try again.' });
    await userEvent.click(cardButton());
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Payment initiation failed. Try again.',
    );
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('makes what is paid for once, on the first press, and pays the same one again', async () => {
    const requests = recordRequests();
    const makeBooking = vi.fn(async (): Promise<PaySubject> => ({ paymentType: 'booking', bookingId: 'b1' }));
    let answers = 0;
    server.use(
      http.post('/api/payments/initialize', () =>
        ++answers === 1
          ? apiFailure(502, 'PROVIDER_UNAVAILABLE', 'The payment provider did not answer.')
          : cardStartAnswer('https://pay.example/b1'),
      ),
    );
    renderPayStep({ subject: makeBooking });

    await userEvent.click(cardButton());
    await screen.findByRole('alert');
    await userEvent.click(cardButton());

    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('https://pay.example/b1'));
    expect(makeBooking).toHaveBeenCalledTimes(1);
    const bodies = requests.filter(({ path }) => path === '/api/payments/initialize').map(({ body }) => body);
    expect(bodies).toMatchObject([{ bookingId: 'b1' }, { bookingId: 'b1' }]);
  });
});
