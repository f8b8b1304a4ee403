import { passwordStrength } from '@sokoni/contracts/auth-messages';
import type { StrengthLabel } from '@sokoni/contracts/auth-messages';

const STRENGTH_STYLES: Record<StrengthLabel, { bar: string; text: string }> = {
  Weak: { bar: 'bg-red-600', text: 'text-red-700' },
  Good: { bar: 'bg-yellow-500', text: 'text-yellow-800' },
  Strong: { bar: 'bg-green-600', text: 'text-green-700' },
};

/** Spec §5: 25 points each for length ≥ 8, a lowercase, an uppercase and a digit. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  const style = STRENGTH_STYLES[label];
  return (
    <div className="flex items-center gap-3">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={`${label} (${score} of 100)`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full transition-all ${style.bar}`} style={{ width: `${score}%` }} />
      </div>
      <span
        className={`w-14 text-right text-sm font-semibold ${style.text}`}
        data-testid="password-strength-label"
      >
        {label}
      </span>
    </div>
  );
}
