import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { renderWithProviders } from '@/test/render-with-providers';
import { AppUpdates, releaseHandlers } from './pwa-update';
import { AppToaster } from './toaster';

beforeEach(() => sessionStorage.clear());
afterEach(() => act(() => toast.remove()));

/** The app at `url`, with a link that changes the shop's filters and one to another page. */
function openApp(url: string) {
  renderWithProviders(
    <>
      <AppUpdates />
      <AppToaster />
      <Link to="/shop?category=fashion">Fashion</Link>
      <Link to="/orders">My Orders</Link>
      <CurrentUrl />
    </>,
    { url },
  );
}

/** A new release's worker, as the registration hears of it; `reload` stands for the page's reload. */
function newRelease() {
  const skipWaiting = vi.fn(async () => undefined);
  const reload = vi.fn();
  return { ...releaseHandlers(skipWaiting, reload), skipWaiting, reload };
}

describe('a new release', () => {
  it('takes over at the next navigation to another page, never while a page is in use', async () => {
    openApp('/shop');
    const release = newRelease();
    release.onNeedRefresh();

    // The page's own filters are the page in use.
    await userEvent.click(screen.getByRole('link', { name: 'Fashion' }));
    expect(currentUrl()).toBe('/shop?category=fashion');
    expect(release.skipWaiting).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('link', { name: 'My Orders' }));
    expect(currentUrl()).toBe('/orders');
    expect(release.skipWaiting).toHaveBeenCalledOnce();
    expect(release.reload).not.toHaveBeenCalled();

    // Its worker now controls the page: the page reloads into it, at /orders.
    release.onNeedReload();
    expect(release.reload).toHaveBeenCalledOnce();

    await userEvent.click(screen.getByRole('link', { name: 'Fashion' }));
    expect(release.skipWaiting).toHaveBeenCalledOnce();
    expect(release.reload).toHaveBeenCalledOnce();
  });

  it('reloads a tab whose worker another tab let take over at its own next navigation', async () => {
    openApp('/orders');
    const release = newRelease();
    release.onNeedRefresh();
    release.onNeedReload();
    expect(release.reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('link', { name: 'Fashion' }));
    expect(release.reload).toHaveBeenCalledOnce();
    expect(release.skipWaiting).not.toHaveBeenCalled();
  });

  it("says 'Updated' after the reload into it, once", async () => {
    openApp('/shop');
    const release = newRelease();
    release.onNeedRefresh();
    await userEvent.click(screen.getByRole('link', { name: 'My Orders' }));
    release.onNeedReload();
    expect(screen.queryByText('Updated')).toBeNull();

    cleanup(); // the reload
    openApp('/orders');
    expect(await screen.findByText('Updated')).toBeTruthy();

    cleanup();
    act(() => toast.remove());
    openApp('/orders');
    expect(screen.queryByText('Updated')).toBeNull();
  });
});
