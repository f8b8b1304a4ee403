import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { Header } from './header';

let rendered: Rendered | undefined;

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

describe('header', () => {
  it('starts with the Sokoni logo, linking home', () => {
    rendered = renderWithProviders(<Header />, { url: '/shop' });
    const logo = rendered.container.querySelector('header a');
    expect(logo?.textContent).toBe('Sokoni');
    expect(logo?.getAttribute('href')).toBe('/');
    expect(logo?.querySelector('svg')).not.toBeNull();
  });
});
