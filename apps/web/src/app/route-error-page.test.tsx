import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-page';

function Broken(): React.ReactNode {
  throw new Error('render failed');
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page in place of a screen that fails to render, and the next address its own screen', async () => {
    // React reports the caught error on the console; the test only checks what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/shop">Shop</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/shop" element={<h1>All Products</h1>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading').textContent).toBe('Something went wrong');
    expect(screen.getByText('Please check your connection and reload the page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Shop' }));
    expect(screen.getByRole('heading').textContent).toBe('All Products');
  });
});
