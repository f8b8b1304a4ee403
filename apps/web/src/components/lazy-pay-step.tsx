import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from './spinner';

// The pay step's form code (react-hook-form, zod) loads when someone goes to pay, not with the
// stay, event or course page a visitor may only be reading.
const PayStep = lazy(() => import('./pay-step').then((module) => ({ default: module.PayStep })));

/** The pay step, loaded on first use: for pages that show it only after a press. */
export function LazyPayStep(props: ComponentProps<typeof PayStep>) {
  return (
    <Suspense fallback={<Spinner className="size-6 text-emerald-700" />}>
      <PayStep {...props} />
    </Suspense>
  );
}
