import type { ManifestOptions } from 'vite-plugin-pwa';

/** The logo's green: the theme colour, and the ground of the icons a phone crops to its own shape. */
export const SOKONI_GREEN = '#047857';

/**
 * The icons the build draws from our logo (pwa/logo.svg, by pwa/app-icons.ts). 'maskable' is the
 * full green square with the bag inside the middle 80%, the part every phone's mask keeps; 'any' is
 * the logo as it is, rounded corners and all.
 */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/** iOS takes its home-screen icon from index.html, square and opaque: it rounds the corners itself. */
export const APPLE_TOUCH_ICON = { src: '/icons/apple-touch-icon.png', size: 180 } as const;

/** The web app manifest (#29): what a phone needs to install Sokoni to its home screen. */
export const pwaManifest: Partial<ManifestOptions> = {
  id: '/',
  name: "Sokoni — Kenya's marketplace",
  short_name: 'Sokoni',
  description: 'Buy and sell across Kenya: products, event tickets, stays and courses, priced in KES.',
  lang: 'en',
  categories: ['shopping', 'travel', 'education'],
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: SOKONI_GREEN,
  background_color: '#ffffff',
  icons: APP_ICONS.map(({ src, size, purpose }) => ({
    src,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  })),
};
