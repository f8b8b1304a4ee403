import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { CheckoutForm } from './checkout-form';

function renderForm(providerLabel: string | null, busy = false) {
  const { unmount } = renderWithProviders(
    <CheckoutForm
      defaultEmail="amina@sokoni.co.ke"
      total={21_799}
      providerLabel={providerLabel}
      busy={busy}
      error={null}
      onPay={() => {}}
    />,
  );
  const shown = {
    button: screen.getByRole('button', { name: /^Pay / }).textContent,
    status: screen.getByRole('status').textContent,
  };
  unmount();
  return shown;
}

describe('the pay button', () => {
  it('names Paystack when it takes the payment, and says so while redirecting', () => {
    expect(renderForm('Paystack').button).toBe('Pay KES 21,799 with Paystack');
    expect(renderForm('Paystack', true).status).toBe('Redirecting to Paystack...');
  });

  it('names the sandbox when the sandbox takes it', () => {
    expect(renderForm('Sokoni Sandbox').button).toBe('Pay KES 21,799 with Sokoni Sandbox');
    expect(renderForm('Sokoni Sandbox', true).status).toBe('Redirecting to Sokoni Sandbox...');
  });

  it('promises no provider before it is known', () => {
    expect(renderForm(null).button).toBe('Pay KES 21,799');
    expect(renderForm(null).status).toBe('');
  });
});
