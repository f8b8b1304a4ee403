export type NavLinkItem = { to: string; label: string };

/** The sections of the marketplace, for everyone; each vertical joins as it lands. */
export const SECTION_LINKS: NavLinkItem[] = [
  { to: '/shop', label: 'Shop' },
  { to: '/community', label: 'Community' },
  { to: '/events', label: 'Events' },
];

/** Links for signed-in users (spec §2: Sell, My Products, My Orders only when logged in). */
export const SIGNED_IN_LINKS: NavLinkItem[] = [
  { to: '/sell', label: 'Sell' },
  { to: '/my-products', label: 'My Products' },
  { to: '/orders', label: 'My Orders' },
  { to: '/tickets/mine', label: 'My Tickets' },
  { to: '/tickets/organizer', label: 'Your Events' },
];
