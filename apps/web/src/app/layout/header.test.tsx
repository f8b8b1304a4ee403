import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import type { AuthUser } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import { Header } from './header';

const AMINA: AuthUser = {
  id: 'u1',
  name: 'Amina Wanjiru',
  email: 'amina@example.com',
  role: 'user',
  token: 't',
};
const ADMIN: AuthUser = {
  id: 'a1',
  name: 'Sokoni Admin',
  email: 'admin@example.com',
  role: 'admin',
  token: 't',
};

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

const linksOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

/** Each group of a menu: its name (the text that labels it) and its links' texts. */
const groupsOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('group')
    .map((group) => [
      document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent,
      within(group)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ]);

const SECTIONS = [
  ['Shop', '/shop'],
  ['Community', '/community'],
  ['Stays', '/stays'],
  ['Events', '/events'],
  ['Courses', '/courses'],
];

const GROUPS = [
  ['Shop', ['Sell', 'My Products', 'My Orders', 'Wishlist', 'Sales']],
  ['Stays', ['My Trips', 'Your Listings']],
  ['Events', ['My Tickets', 'Your Events']],
  ['Courses', ['My Courses', 'Teach']],
  ['Account', ['Earnings']],
];

describe('header', () => {
  it('starts with the Sokoni logo, linking home', () => {
    renderWithProviders(<Header />, { url: '/shop' });
    const logo = within(screen.getByRole('banner')).getAllByRole('link')[0];
    expect(logo?.textContent).toBe('Sokoni');
    expect(logo?.getAttribute('href')).toBe('/');
    expect(logo?.querySelector('svg')).not.toBeNull();
  });

  it('shows a visitor the five sections, Login and Sign up, and the same in the phone menu', async () => {
    renderWithProviders(<Header />, { url: '/events' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(linksOf(main)).toEqual(SECTIONS);
    expect(within(main).getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(banner.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(banner.queryByRole('button', { name: /Your account/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(linksOf(screen.getByRole('navigation', { name: 'Mobile' }))).toEqual([
      ...SECTIONS,
      ['Login', '/login'],
      ['Sign up', '/signup'],
    ]);
  });
});

describe('account menu on a desktop', () => {
  it("holds a signed-in user's pages grouped by section, their profile and Logout, beside the five sections", async () => {
    useAuthStore.setState({ user: AMINA });
    renderWithProviders(<Header />, { url: '/' });
    expect(linksOf(screen.getByRole('navigation', { name: 'Main' }))).toEqual(SECTIONS);
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();

    const button = screen.getByRole('button', { name: 'Your account: Amina Wanjiru' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(
      within(menu)
        .getByRole('link', { name: /Your profile/ })
        .getAttribute('href'),
    ).toBe('/profile');
    expect(groupsOf(menu)).toEqual(GROUPS);
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('closes on Escape with focus back on its button, and on a press outside it', async () => {
    useAuthStore.setState({ user: AMINA });
    renderWithProviders(<Header />, { url: '/' });
    const button = screen.getByRole('button', { name: /Your account/ });

    await userEvent.click(button);
    await userEvent.tab();
    expect(document.activeElement?.textContent).toContain('Your profile');
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await userEvent.click(button);
    await userEvent.click(screen.getByRole('banner'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });

  it('adds an Admin group with Finance for an admin only', async () => {
    useAuthStore.setState({ user: ADMIN });
    const rendered = renderWithProviders(<Header />, { url: '/' });
    await userEvent.click(screen.getByRole('button', { name: /Your account/ }));
    expect(groupsOf(screen.getByRole('navigation', { name: 'Account' })).at(-1)).toEqual([
      'Admin',
      ['Finance', 'Moderation'],
    ]);
    rendered.unmount();

    useAuthStore.setState({ user: AMINA });
    renderWithProviders(<Header />, { url: '/' });
    await userEvent.click(screen.getByRole('button', { name: /Your account/ }));
    expect(screen.queryByRole('link', { name: 'Finance' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
  });

  it("is marked while one of its pages is open, and the section while a section's page is", () => {
    useAuthStore.setState({ user: AMINA });
    for (const url of ['/trips', '/instructor/courses/new', '/profile']) {
      const rendered = renderWithProviders(<Header />, { url });
      expect(screen.getByRole('button', { name: /Your account/ }).className).toContain('bg-emerald-50');
      rendered.unmount();
    }
    renderWithProviders(<Header />, { url: '/courses/c1' });
    expect(screen.getByRole('button', { name: /Your account/ }).className).not.toContain('bg-emerald-50');
    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getByRole('link', { name: 'Courses' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('menu on a phone', () => {
  it("lists the sections, then a signed-in user's pages under each section's name, with their profile and Logout", async () => {
    useAuthStore.setState({ user: ADMIN });
    renderWithProviders(<Header />, { url: '/host/stays' });
    const button = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(linksOf(mobile).slice(0, 5)).toEqual(SECTIONS);
    expect(groupsOf(mobile)).toEqual([...GROUPS, ['Admin', ['Finance', 'Moderation']]]);
    expect(within(mobile).getByRole('link', { name: 'Your Listings' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(mobile).getByRole('link', { name: 'Your profile: Sokoni Admin' }).getAttribute('href'),
    ).toBe('/profile');
    expect(within(mobile).getByRole('button', { name: 'Logout' })).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBe(document.activeElement);
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });
});
