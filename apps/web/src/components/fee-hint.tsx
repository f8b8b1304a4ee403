import { useWatch } from 'react-hook-form';
import { youReceiveText, type Vertical } from '@sokoni/contracts/earnings';
import { useFees } from '@/lib/fees';
import { parsePrice } from '@/lib/parse-price';
import { FieldHint } from './field-frame';
import { useFormTools } from './form';

type FeeHintProps = {
  /** Whose fee applies: the shop's, the stays', the events' or the courses'. */
  vertical: Vertical;
  /** The form's price field, as typed. */
  name: string;
};

/**
 * Under a price in a listing form: what the seller keeps of it once Sokoni's fee is taken ('You
 * receive KES 9,500 after Sokoni's 5% fee'), following the price as it is typed. Nothing while the
 * price is empty, not a number or free, or the fees have not loaded.
 */
export function FeeHint({ vertical, name }: FeeHintProps) {
  const { control } = useFormTools<Record<string, unknown>>();
  const typed = useWatch({ control, name });
  const price = typeof typed === 'string' ? parsePrice(typed) : Number.NaN;
  const priced = price > 0;
  const fees = useFees(priced);
  if (!fees.data || !priced) return null;
  return <FieldHint>{youReceiveText(price, fees.data[vertical])}</FieldHint>;
}
