import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { PasswordStrengthMeter } from './password-strength-meter';

function meterFor(password: string) {
  const { unmount } = renderWithProviders(<PasswordStrengthMeter password={password} />);
  const label = screen.getByTestId('password-strength-label');
  const meter = screen.getByRole('meter', { name: 'Password strength' });
  const shown = {
    label: label.textContent,
    score: meter.getAttribute('aria-valuenow'),
    colours: [meter.firstElementChild?.className, label.className].map(
      (classes) => classes?.split(' ').find((name) => /^(bg|text)-(red|yellow|green)-/.test(name)) ?? null,
    ),
  };
  unmount();
  return shown;
}

describe('password strength meter', () => {
  it('colours Weak red, Good yellow and Strong green', () => {
    expect(meterFor('abc')).toEqual({ label: 'Weak', score: '25', colours: ['bg-red-600', 'text-red-700'] });
    expect(meterFor('abcdefgh')).toEqual({
      label: 'Good',
      score: '50',
      colours: ['bg-yellow-500', 'text-yellow-800'],
    });
    expect(meterFor('Abcdefgh')).toEqual({
      label: 'Strong',
      score: '75',
      colours: ['bg-green-600', 'text-green-700'],
    });
  });
});
