import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckoutForm } from './checkout-form';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function renderForm(providerLabel: string | null, busy = false) {
  act(() =>
    root.render(
      <CheckoutForm
        defaultEmail="amina@sokoni.co.ke"
        total={21_799}
        providerLabel={providerLabel}
        busy={busy}
        error={null}
        onPay={() => {}}
      />,
    ),
  );
  return {
    button: container.querySelector('button[type="submit"]')?.textContent,
    status: container.querySelector('[role="status"]')?.textContent,
  };
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
