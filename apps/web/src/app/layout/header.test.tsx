import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('header navigation', () => {
  const mainLinks = () =>
    within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);

  it('leads a visitor to every section, not only through the home page', () => {
    renderWithProviders(<Header />, { url: '/events' });
    expect(mainLinks()).toEqual([
      ['Shop', '/shop'],
      ['Community', '/community'],
      ['Events', '/events'],
      ['Stays', '/stays'],
      ['Courses', '/courses'],
    ]);
    // The mobile menu is closed (hidden) until its button is pressed; its links are the same sections.
    const mobile = document.getElementById('mobile-menu')!;
    expect(
      within(mobile)
        .getAllByRole('link', { hidden: true })
        .map((link) => link.textContent),
    ).toEqual(['Shop', 'Community', 'Events', 'Stays', 'Courses', 'Login', 'Sign up']);
  });

  it('marks the current section and adds the signed-in pages, My Tickets among them', async () => {
    useAuthStore.setState({
      user: { id: 'u1', name: 'Amina Wanjiru', email: 'amina@example.com', role: 'user', token: 'token' },
    });
    renderWithProviders(<Header />, { url: '/events' });
    expect(mainLinks()).toEqual([
      ['Shop', '/shop'],
      ['Community', '/community'],
      ['Events', '/events'],
      ['Stays', '/stays'],
      ['Courses', '/courses'],
      ['Sell', '/sell'],
      ['My Products', '/my-products'],
      ['My Orders', '/orders'],
    ]);
    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
    expect(main.getByRole('link', { name: 'Shop' }).getAttribute('aria-current')).toBeNull();
    // The pages of each vertical are under More: shown when it is pressed, hidden again on Escape.
    const more = main.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(mainLinks().slice(8)).toEqual([
      ['Wishlist', '/wishlist'],
      ['Sales', '/sales'],
      ['Earnings', '/earnings'],
      ['My Tickets', '/tickets/mine'],
      ['Your Events', '/tickets/organizer'],
      ['My Trips', '/trips'],
      ['Your Listings', '/host/stays'],
      ['My Courses', '/my-courses'],
      ['Teach', '/instructor/courses'],
    ]);
    await userEvent.keyboard('{Escape}');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
    expect(mainLinks()).toHaveLength(8);
  });

  it('adds Finance to the More menu for an admin only', async () => {
    useAuthStore.setState({
      user: { id: 'a1', name: 'Sokoni Admin', email: 'admin@example.com', role: 'admin', token: 'token' },
    });
    renderWithProviders(<Header />, { url: '/' });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'More' }),
    );
    expect(mainLinks().at(-1)).toEqual(['Finance', '/admin/finance']);
    useAuthStore.setState({
      user: { id: 'u1', name: 'Amina Wanjiru', email: 'amina@example.com', role: 'user', token: 'token' },
    });
    expect(await screen.findByRole('link', { name: 'Teach' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Finance' })).toBeNull();
  });

  it("lists a signed-in user's pages of every vertical in the mobile menu, marking the open one", async () => {
    useAuthStore.setState({
      user: { id: 'u1', name: 'Amina Wanjiru', email: 'amina@example.com', role: 'user', token: 'token' },
    });
    renderWithProviders(<Header />, { url: '/host/stays' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(mobile.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Shop', '/shop'],
      ['Community', '/community'],
      ['Events', '/events'],
      ['Stays', '/stays'],
      ['Courses', '/courses'],
      ['Your profile: Amina Wanjiru', '/profile'],
      ['Sell', '/sell'],
      ['My Products', '/my-products'],
      ['My Orders', '/orders'],
      ['Wishlist', '/wishlist'],
      ['Sales', '/sales'],
      ['Earnings', '/earnings'],
      ['My Tickets', '/tickets/mine'],
      ['Your Events', '/tickets/organizer'],
      ['My Trips', '/trips'],
      ['Your Listings', '/host/stays'],
      ['My Courses', '/my-courses'],
      ['Teach', '/instructor/courses'],
    ]);
    expect(mobile.getByRole('link', { name: 'Your Listings' }).getAttribute('aria-current')).toBe('page');
    expect(mobile.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it("marks Courses on a course's page, and More on the learner's and the instructor's course pages", () => {
    useAuthStore.setState({
      user: { id: 'u1', name: 'Amina Wanjiru', email: 'amina@example.com', role: 'user', token: 'token' },
    });
    const first = renderWithProviders(<Header />, { url: '/courses/c1' });
    const main = () => within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main().getByRole('link', { name: 'Courses' }).getAttribute('aria-current')).toBe('page');
    first.unmount();
    for (const url of ['/my-courses', '/instructor/courses/new']) {
      const rendered = renderWithProviders(<Header />, { url });
      expect(main().getByRole('button', { name: 'More' }).className).toContain('bg-emerald-50');
      rendered.unmount();
    }
  });

  it('marks More while one of its pages is open', () => {
    useAuthStore.setState({
      user: { id: 'u1', name: 'Amina Wanjiru', email: 'amina@example.com', role: 'user', token: 'token' },
    });
    renderWithProviders(<Header />, { url: '/trips' });
    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getByRole('button', { name: 'More' }).className).toContain('bg-emerald-50');
  });
});
