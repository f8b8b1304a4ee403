export type NavLinkItem = { to: string; label: string };

/** The sections of the marketplace, for everyone; each vertical joins as it lands. */
export const SECTION_LINKS: NavLinkItem[] = [
  { to: '/shop', label: 'Shop' },
  { to: '/community', label: 'Community' },
  { to: '/events', label: 'Events' },
  { to: '/stays', label: 'Stays' },
  { to: '/courses', label: 'Courses' },
];

/** The header's links for signed-in users (spec §2: Sell, My Products, My Orders only when logged in). */
export const SIGNED_IN_LINKS: NavLinkItem[] = [
  { to: '/sell', label: 'Sell' },
  { to: '/my-products', label: 'My Products' },
  { to: '/orders', label: 'My Orders' },
];

/**
 * The rest of a signed-in user's own pages, one per vertical: on a desktop they sit in the header's
 * 'More' menu (the header has no room for them all), on a phone in the menu with the others.
 */
export const ACCOUNT_LINKS: NavLinkItem[] = [
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/sales', label: 'Sales' },
  { to: '/earnings', label: 'Earnings' },
  { to: '/tickets/mine', label: 'My Tickets' },
  { to: '/tickets/organizer', label: 'Your Events' },
  { to: '/trips', label: 'My Trips' },
  { to: '/host/stays', label: 'Your Listings' },
  { to: '/my-courses', label: 'My Courses' },
  { to: '/instructor/courses', label: 'Teach' },
];

/** An admin's pages, after their own in the same menus. */
const ADMIN_LINKS: NavLinkItem[] = [{ to: '/admin/finance', label: 'Finance' }];

/** The account links a user of this role sees. */
export const accountLinksFor = (role: string | undefined): NavLinkItem[] =>
  role === 'admin' ? [...ACCOUNT_LINKS, ...ADMIN_LINKS] : ACCOUNT_LINKS;
