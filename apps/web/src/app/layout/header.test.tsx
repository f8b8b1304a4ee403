import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import { Header } from './header';

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

describe('header', () => {
  it('starts with the Sokoni logo, linking home', () => {
    renderWithProviders(<Header />, { url: '/shop' });
    const logo = within(screen.getByRole('banner')).getAllByRole('link')[0];
    expect(logo?.textContent).toBe('Sokoni');
    expect(logo?.getAttribute('href')).toBe('/');
    expect(logo?.querySelector('svg')).not.toBeNull();
  });
});
