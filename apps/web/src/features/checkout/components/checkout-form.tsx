import { useWatch } from 'react-hook-form';
import { DELIVERY_METHOD_LABELS, DELIVERY_METHODS } from '@sokoni/contracts/delivery-rules';
import { FieldHint } from '@/components/field-frame';
import { Form, useFormTools } from '@/components/form';
import { CHECKOUT_PAY_TEXTS } from '@sokoni/contracts/mpesa';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import {
  COUNTIES_A_TO_Z,
  CheckoutFormSchema,
  type CheckoutDetails,
  type CheckoutFormValues,
} from '../lib/checkout-details';

/** Where a buyer collects a seller's goods: the shop location of the seller's listing. */
export type PickupPoint = { sellerId: string; sellerName: string; location: string };

type CheckoutFormProps = {
  /** The e-mail, and the phone and delivery of the buyer's last order (or none). */
  defaultValues: CheckoutFormValues;
  /** Each seller of the cart's lines and their shop, for a pickup. */
  pickupPoints: PickupPoint[];
  /** True while the order is being placed. */
  busy: boolean;
  error: string | null;
  /** Places the order; the pay step follows. */
  onContinue: (details: CheckoutDetails) => void;
};

const sectionHeading = 'text-lg font-bold text-slate-900';

/**
 * How to reach the buyer and where the goods go (delivery to a county, town and street, or pickup
 * from each seller's shop), and the e-mail for the receipt; checked on submit with the server's
 * rules, the first field to fix taking the focus. Continuing places the order, then it is paid.
 */
export function CheckoutForm({ defaultValues, pickupPoints, busy, error, onContinue }: CheckoutFormProps) {
  return (
    <Form
      schema={CheckoutFormSchema}
      defaultValues={defaultValues}
      onSubmit={onContinue}
      disabled={busy}
      focusInvalid
      aria-label="Delivery and payment"
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5"
    >
      {({ field }) => (
        <>
          <section aria-labelledby="checkout-delivery-heading" className="space-y-4">
            <h2 id="checkout-delivery-heading" className={sectionHeading}>
              Delivery
            </h2>
            <TextField
              id="checkout-phone"
              label="Phone number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="0712 345 678"
              {...field('delivery.phone')}
              hint={<FieldHint>The seller calls this number about your order.</FieldHint>}
            />
            <DeliveryChoice
              pickupPoints={pickupPoints}
              defaultCounty={defaultValues.delivery.county}
              busy={busy}
            />
          </section>

          <section aria-labelledby="checkout-payment-heading" className="space-y-4">
            <h2 id="checkout-payment-heading" className={sectionHeading}>
              Payment
            </h2>
            <TextField
              id="checkout-email"
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              {...field('email')}
              hint={<FieldHint>Your receipt is sent to this address.</FieldHint>}
            />
            <FormAlert message={error} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? <Spinner className="size-4" /> : null}
              {CHECKOUT_PAY_TEXTS.continueToPayment}
            </Button>
            <p role="status" className="min-h-5 text-center text-sm text-slate-700">
              {busy ? CHECKOUT_PAY_TEXTS.placing : ''}
            </p>
          </section>
        </>
      )}
    </Form>
  );
}

type DeliveryChoiceProps = {
  pickupPoints: PickupPoint[];
  defaultCounty: string;
  busy: boolean;
};

/** Delivery to an address or pickup from the sellers' shops, and what each asks for. */
function DeliveryChoice({ pickupPoints, defaultCounty, busy }: DeliveryChoiceProps) {
  const { control, register, clearErrors, field, formState } = useFormTools<CheckoutFormValues>();
  const method = useWatch({ control, name: 'delivery.method' });
  const methodError = formState.errors.delivery?.method?.message;
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">How you get your order</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {DELIVERY_METHODS.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-slate-800 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:checked]:font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600"
            >
              <input
                type="radio"
                value={option}
                disabled={busy}
                className="size-4 accent-emerald-700"
                {...register('delivery.method', { onChange: () => clearErrors('delivery') })}
              />
              {DELIVERY_METHOD_LABELS[option]}
            </label>
          ))}
        </div>
        {methodError ? <p className="text-sm text-red-700">{methodError}</p> : null}
      </fieldset>
      {/* Both kept mounted, the other hidden: what was typed survives a change of mind. */}
      <div hidden={method !== 'delivery'} className="space-y-4">
        <SelectField
          id="checkout-county"
          label="County"
          autoComplete="address-level1"
          defaultValue={defaultCounty}
          {...field('delivery.county')}
        >
          <option value="">Choose your county</option>
          {COUNTIES_A_TO_Z.map((county) => (
            <option key={county} value={county}>
              {county}
            </option>
          ))}
        </SelectField>
        <TextField
          id="checkout-town"
          label="Town"
          autoComplete="address-level2"
          {...field('delivery.town')}
        />
        <TextField
          id="checkout-address"
          label="Street or landmark"
          autoComplete="street-address"
          {...field('delivery.address')}
          hint={<FieldHint>A street, building or landmark the rider can find.</FieldHint>}
        />
      </div>
      <div hidden={method !== 'pickup'} className="space-y-2" data-testid="pickup-points">
        <p className="text-sm text-slate-700">Collect your order from the seller&apos;s shop:</p>
        <ul className="space-y-1">
          {pickupPoints.map((point) => (
            <li key={point.sellerId} className="text-sm text-slate-900">
              <span className="font-semibold">{point.sellerName}</span>: {point.location}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
