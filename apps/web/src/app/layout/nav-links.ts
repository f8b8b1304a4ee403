export type NavLinkItem = { to: string; label: string };

/** A heading and its links, in the account menus. */
export type NavGroup = { label: string; links: NavLinkItem[] };

/** The sections of the marketplace, for everyone, in the spec's order (§1). */
export const SECTION_LINKS: NavLinkItem[] = [
  { to: '/shop', label: 'Shop' },
  { to: '/community', label: 'Community' },
  { to: '/stays', label: 'Stays' },
  { to: '/events', label: 'Events' },
  { to: '/courses', label: 'Courses' },
];

/**
 * A signed-in user's own pages, grouped by the section they belong to: on a desktop under the
 * account menu's button, on a phone in the menu with the sections. Spec §2's Sell, My Products and
 * My Orders lead the Shop group.
 */
const ACCOUNT_GROUPS: NavGroup[] = [
  {
    label: 'Shop',
    links: [
      { to: '/sell', label: 'Sell' },
      { to: '/my-products', label: 'My Products' },
      { to: '/orders', label: 'My Orders' },
      { to: '/wishlist', label: 'Wishlist' },
      { to: '/sales', label: 'Sales' },
    ],
  },
  {
    label: 'Stays',
    links: [
      { to: '/trips', label: 'My Trips' },
      { to: '/host/stays', label: 'Your Listings' },
    ],
  },
  {
    label: 'Events',
    links: [
      { to: '/tickets/mine', label: 'My Tickets' },
      { to: '/tickets/organizer', label: 'Your Events' },
    ],
  },
  {
    label: 'Courses',
    links: [
      { to: '/my-courses', label: 'My Courses' },
      { to: '/instructor/courses', label: 'Teach' },
    ],
  },
  { label: 'Account', links: [{ to: '/earnings', label: 'Earnings' }] },
];

/** An admin's pages: their own group, after the others. */
const ADMIN_LINKS: NavLinkItem[] = [
  { to: '/admin/finance', label: 'Finance' },
  { to: '/admin/moderation', label: 'Moderation' },
];

/** The groups of account links a user of this role sees. */
export const accountGroupsFor = (role: string | undefined): NavGroup[] =>
  role === 'admin' ? [...ACCOUNT_GROUPS, { label: 'Admin', links: ADMIN_LINKS }] : ACCOUNT_GROUPS;

/** Whether the page at `pathname` is one of these links' (or below one). */
export const isWithin = (groups: NavGroup[], pathname: string): boolean =>
  groups.some((group) =>
    group.links.some((link) => pathname === link.to || pathname.startsWith(`${link.to}/`)),
  );
