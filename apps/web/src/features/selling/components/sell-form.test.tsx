import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import { useAuthStore } from '@/stores/auth';
import { fieldError } from '@/test/field-error';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests } from '@/test/server';
import { SellForm } from './sell-form';

const SELLER = { id: 'u1', name: 'Wanjiru Crafts', email: 'wanjiru@example.co.ke', role: 'user', token: 't' };

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: SELLER });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('sell form', () => {
  it("refuses an empty form with 'Please fill all required fields' and sends nothing", async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    renderWithProviders(<SellForm />, { url: '/sell' });
    expect(screen.getByLabelText<HTMLInputElement>('Quantity available').value).toBe('1');

    await user.click(screen.getByRole('button', { name: 'List Product' }));

    await waitFor(() => expect(fieldError('Title')).toBe(SELL_MESSAGES.requiredFields));
    expect(fieldError('Description')).toBe(SELL_MESSAGES.requiredFields);
    expect(fieldError('Price (Ksh)')).toBe(SELL_MESSAGES.requiredFields);
    expect(fieldError('Seller contact')).toBe(SELL_MESSAGES.sellerContact);
    expect(fieldError('Quantity available')).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title')));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'List Product' }).hasAttribute('disabled')).toBe(false);
    // Give a request that should not be sent the time to go out.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests).toEqual([]);

    // Editing a field clears its message only.
    await user.type(screen.getByLabelText('Title'), 'Kiondo basket');
    expect(fieldError('Title')).toBeUndefined();
    expect(fieldError('Description')).toBe(SELL_MESSAGES.requiredFields);
  });
});
