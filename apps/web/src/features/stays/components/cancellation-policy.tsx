import { CANCELLATION_POLICY_TEXTS, type CancellationPolicy } from '@sokoni/contracts/cancellation-rules';

/** The host's cancellation policy, shown before booking: its name and what a guest gets back. */
export function CancellationPolicyNote({ policy }: { policy: CancellationPolicy }) {
  const { label, rule } = CANCELLATION_POLICY_TEXTS[policy];
  return (
    <p data-testid="cancellation-policy" className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <span className="font-semibold text-slate-900">Cancellation policy: {label}.</span> {rule}
    </p>
  );
}
