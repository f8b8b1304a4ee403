import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Delivery } from '@sokoni/contracts/delivery';
import { DELIVERY_MESSAGES, KENYA_COUNTIES } from '@sokoni/contracts/delivery-rules';
import { CHECKOUT_PAY_TEXTS } from '@sokoni/contracts/mpesa';
import { fieldError } from '@/test/field-error';
import { renderWithProviders } from '@/test/render-with-providers';
import { checkoutFormValues, type CheckoutDetails } from '../lib/checkout-details';
import { CheckoutForm, type PickupPoint } from './checkout-form';

const SHOPS: PickupPoint[] = [
  { sellerId: 's1', sellerName: 'Baraka Mwangi', location: 'Luthuli Avenue, Nairobi CBD' },
  { sellerId: 's2', sellerName: 'Achieng Crafts', location: 'Kibuye Market, Kisumu' },
];

function renderForm({ last = null, busy = false }: { last?: Delivery | null; busy?: boolean } = {}) {
  const onContinue = vi.fn<(details: CheckoutDetails) => void>();
  const view = renderWithProviders(
    <CheckoutForm
      defaultValues={checkoutFormValues('amina@sokoni.co.ke', last)}
      pickupPoints={SHOPS}
      busy={busy}
      error={null}
      onContinue={onContinue}
    />,
  );
  return { onContinue, ...view };
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const continueButton = () => screen.getByRole('button', { name: CHECKOUT_PAY_TEXTS.continueToPayment });

async function fillDelivery(
  user: ReturnType<typeof userEvent.setup>,
  fields: { phone?: string; county?: string; town?: string; address?: string },
) {
  if (fields.phone !== undefined) await user.type(screen.getByLabelText('Phone number'), fields.phone);
  if (fields.county !== undefined) await user.selectOptions(screen.getByLabelText('County'), fields.county);
  if (fields.town !== undefined) await user.type(screen.getByLabelText('Town'), fields.town);
  if (fields.address !== undefined)
    await user.type(screen.getByLabelText('Street or landmark'), fields.address);
}

describe('the continue button', () => {
  it('goes on to the payment, and says the order is being placed while it is', () => {
    renderForm({ busy: true });
    expect(continueButton()).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('status').at(-1)?.textContent).toBe(CHECKOUT_PAY_TEXTS.placing);
  });
});

describe('delivery at checkout', () => {
  it.each([
    ['0712 345 678', '+254712345678'],
    ['0112345678', '+254112345678'],
    ['+254 712 345 678', '+254712345678'],
    ['254712345678', '+254712345678'],
  ])('accepts the phone %s and sends it as %s with the delivery', async (phone, e164) => {
    const user = userEvent.setup();
    const { onContinue } = renderForm();
    await fillDelivery(user, { phone, county: 'Kisumu', town: 'Kisumu', address: 'Oginga Odinga Street' });
    await user.click(continueButton());

    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    expect(onContinue.mock.calls[0]?.[0]).toEqual({
      email: 'amina@sokoni.co.ke',
      delivery: {
        method: 'delivery',
        phone: e164,
        county: 'Kisumu',
        town: 'Kisumu',
        address: 'Oginga Odinga Street',
      },
    });
  });

  it.each([
    ['too short', '071234'],
    ['starting 08', '0812 345 678'],
    ['with letters', '07l2 345 678'],
  ])('refuses a phone %s with the server message, paying nothing', async (_case, phone) => {
    const user = userEvent.setup();
    const { onContinue } = renderForm();
    await fillDelivery(user, { phone, county: 'Kisumu', town: 'Kisumu', address: 'Oginga Odinga Street' });
    await user.click(continueButton());

    await waitFor(() => expect(fieldError('Phone number')).toBe('Enter a valid Kenyan phone number.'));
    expect(document.activeElement).toBe(screen.getByLabelText('Phone number'));
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('asks a delivery for its county, town and street or landmark', async () => {
    const user = userEvent.setup();
    const { onContinue } = renderForm();
    await fillDelivery(user, { phone: '0712345678' });
    await user.click(continueButton());

    await waitFor(() => expect(fieldError('County')).toBe(DELIVERY_MESSAGES.county));
    expect(fieldError('Town')).toBe(DELIVERY_MESSAGES.townRequired);
    expect(fieldError('Street or landmark')).toBe(DELIVERY_MESSAGES.addressRequired);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('offers the 47 counties A–Z, so a buyer finds theirs', () => {
    renderForm();
    const options = within(screen.getByLabelText('County'))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(options[0]).toBe('');
    const counties = options.slice(1);
    expect(counties).toHaveLength(47);
    expect(new Set(counties)).toEqual(new Set(KENYA_COUNTIES));
    expect(counties).toEqual([...counties].sort((a, b) => a!.localeCompare(b!, 'en')));
    expect(counties.slice(0, 3)).toEqual(['Baringo', 'Bomet', 'Bungoma']);
  });

  it("takes a pickup with the phone alone, showing each seller's shop instead of an address", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderForm();
    await user.click(screen.getByRole('radio', { name: "Pickup from the seller's shop" }));

    expect(screen.queryByRole('combobox', { name: 'County' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Town' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Street or landmark' })).toBeNull();
    const shops = within(screen.getByTestId('pickup-points')).getAllByRole('listitem');
    expect(shops.map((shop) => shop.textContent)).toEqual([
      'Baraka Mwangi: Luthuli Avenue, Nairobi CBD',
      'Achieng Crafts: Kibuye Market, Kisumu',
    ]);

    await fillDelivery(user, { phone: '0722 000 111' });
    await user.click(continueButton());
    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    expect(onContinue.mock.calls[0]?.[0]).toEqual({
      email: 'amina@sokoni.co.ke',
      delivery: { method: 'pickup', phone: '+254722000111' },
    });
  });

  it("is filled in from the buyer's last delivery, the phone written the Kenyan way", async () => {
    const user = userEvent.setup();
    const { onContinue } = renderForm({
      last: {
        method: 'delivery',
        phone: '+254722000111',
        county: 'Kisumu',
        town: 'Kisumu',
        address: 'Oginga Odinga Street',
      },
    });
    expect(valueOf('Phone number')).toBe('0722 000 111');
    expect((screen.getByRole('radio', { name: 'Delivery' }) as HTMLInputElement).checked).toBe(true);
    expect(valueOf('County')).toBe('Kisumu');
    expect(valueOf('Town')).toBe('Kisumu');
    expect(valueOf('Street or landmark')).toBe('Oginga Odinga Street');

    await user.click(continueButton());
    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    expect(onContinue.mock.calls[0]?.[0].delivery).toMatchObject({
      phone: '+254722000111',
      county: 'Kisumu',
    });
  });

  it('remembers a pickup too', () => {
    renderForm({
      last: { method: 'pickup', phone: '+254712345678', county: null, town: null, address: null },
    });
    expect(
      (screen.getByRole('radio', { name: "Pickup from the seller's shop" }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(valueOf('Phone number')).toBe('0712 345 678');
  });
});
