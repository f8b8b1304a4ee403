import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { FeeHint } from './fee-hint';
import { Form } from './form';
import { TextField } from './text-field';

const Prices = z.object({ nightly: z.string(), ticket: z.string() });

/** Two price fields, each with its vertical's fee hint, as a listing form has them. */
function PriceForm() {
  return (
    <Form schema={Prices} defaultValues={{ nightly: '', ticket: '' }} onSubmit={() => undefined}>
      {({ field }) => (
        <>
          <TextField
            id="nightly"
            label="Price per night (KES)"
            hint={<FeeHint vertical="stays" name="nightly" />}
            {...field('nightly')}
          />
          <TextField
            id="ticket"
            label="Ticket price (KES)"
            hint={<FeeHint vertical="events" name="ticket" />}
            {...field('ticket')}
          />
        </>
      )}
    </Form>
  );
}

/** The hint under the field labelled `label`, through its aria-describedby. */
const hintOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('');
};

describe('fee hint', () => {
  it("says under each price what the seller receives after its vertical's fee, as the server sets it", async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    server.use(
      http.get('/api/fees', () => HttpResponse.json({ shop: 5, stays: 12.5, events: 7, courses: 15 })),
    );
    renderWithProviders(<PriceForm />);

    // Nothing typed, nothing asked.
    expect(hintOf('Price per night (KES)')).toBe('');
    expect(requests).toEqual([]);

    await user.type(screen.getByLabelText('Price per night (KES)'), '10,000');
    await waitFor(() =>
      expect(hintOf('Price per night (KES)')).toBe("You receive KES 8,750 after Sokoni's 12.5% fee"),
    );
    await user.type(screen.getByLabelText('Ticket price (KES)'), '1500');
    expect(hintOf('Ticket price (KES)')).toBe("You receive KES 1,395 after Sokoni's 7% fee");

    // The fees are asked once, whatever the number of prices.
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /api/fees']);

    // A free or unreadable price gets no hint.
    await user.clear(screen.getByLabelText('Ticket price (KES)'));
    await user.type(screen.getByLabelText('Ticket price (KES)'), '0');
    expect(hintOf('Ticket price (KES)')).toBe('');
    await user.type(screen.getByLabelText('Ticket price (KES)'), 'abc');
    expect(hintOf('Ticket price (KES)')).toBe('');
  });

  it('shows no hint when the fees cannot be loaded, and the field still works', async () => {
    const user = userEvent.setup();
    server.use(http.get('/api/fees', () => HttpResponse.json({}, { status: 503 })));
    renderWithProviders(<PriceForm />);

    await user.type(screen.getByLabelText('Price per night (KES)'), '6500');

    expect(screen.getByLabelText<HTMLInputElement>('Price per night (KES)').value).toBe('6500');
    expect(hintOf('Price per night (KES)')).toBe('');
  });
});
