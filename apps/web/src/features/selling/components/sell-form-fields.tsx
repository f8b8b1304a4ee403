import { useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { CATEGORIES, CONDITIONS, discountPercent } from '@sokoni/contracts/catalog';
import { FeeHint } from '@/components/fee-hint';
import { useFormTools } from '@/components/form';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { parseOptionalPrice, parsePrice } from '@/lib/parse-price';
import type { SellValues } from '../lib/sell-form';

/** Spec §5: the discount is derived, shown read-only, and empty unless price < original price. */
function DiscountOutput({ control }: { control: Control<SellValues> }) {
  const [price, originalPrice] = useWatch({ control, name: ['price', 'originalPrice'] });
  const discount = discountPercent(parsePrice(price), parseOptionalPrice(originalPrice));
  return (
    <output
      id="sell-discount"
      htmlFor="sell-price sell-original-price"
      className="flex min-h-[2.875rem] items-center rounded-lg border border-dashed border-slate-300 bg-slate-50 px-3 text-base font-semibold text-orange-800"
    >
      {discount === null ? '' : `${discount}%`}
    </output>
  );
}

/** A field's message clears as soon as it is edited; the rest wait for the next submit. */
export function SellFormFields() {
  const { control, field } = useFormTools<SellValues>();

  return (
    <>
      <TextField id="sell-title" label="Title" required autoComplete="off" {...field('title')} />
      <TextAreaField id="sell-description" label="Description" required rows={5} {...field('description')} />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          id="sell-price"
          label="Price (Ksh)"
          required
          inputMode="decimal"
          hint={<FeeHint vertical="shop" name="price" />}
          {...field('price')}
        />
        <TextField
          id="sell-original-price"
          label="Original price (Ksh, optional)"
          inputMode="decimal"
          {...field('originalPrice')}
        />
        <div className="space-y-1.5">
          <label htmlFor="sell-discount" className="block text-sm font-medium text-slate-800">
            Discount (auto)
          </label>
          <DiscountOutput control={control} />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField id="sell-condition" label="Condition" required {...field('condition')}>
          <option value="">Choose a condition</option>
          {CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {condition}
            </option>
          ))}
        </SelectField>
        <SelectField id="sell-category" label="Category" required {...field('category')}>
          <option value="">Choose a category</option>
          {CATEGORIES.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id="sell-stock"
          label="Quantity available"
          required
          inputMode="numeric"
          autoComplete="off"
          {...field('stock')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="sell-contact"
          label="Seller contact"
          type="tel"
          required
          autoComplete="tel"
          placeholder="e.g. 0712 345 678"
          {...field('sellerContact')}
        />
        <TextField
          id="sell-location"
          label="Shop location (optional)"
          autoComplete="address-level2"
          placeholder="e.g. Westlands, Nairobi"
          {...field('shopLocation')}
        />
      </div>
    </>
  );
}
