export type NavLinkItem = { to: string; label: string };

/** Links for signed-in users (spec §2: Sell, My Products, My Orders only when logged in). */
export const SIGNED_IN_LINKS: NavLinkItem[] = [
  { to: '/sell', label: 'Sell' },
  { to: '/my-products', label: 'My Products' },
  { to: '/orders', label: 'My Orders' },
];
