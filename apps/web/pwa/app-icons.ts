import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { APPLE_TOUCH_ICON, APP_ICONS, SOKONI_GREEN } from './manifest';

const LOGO = fileURLToPath(new URL('./logo.svg', import.meta.url));

/**
 * How much of a full-bleed icon the logo takes: its bag then reaches a third of the width from the
 * middle, inside the circle of 40% that a maskable icon's every mask keeps.
 */
const FULL_BLEED_LOGO = 0.9;

/** The logo drawn `size` pixels wide, sharp at any size (an SVG is drawn at its density). */
async function drawLogo(logo: Buffer, size: number): Promise<Buffer> {
  const { width = size } = await sharp(logo).metadata();
  return sharp(logo, { density: (72 * size) / width })
    .resize(size, size)
    .png()
    .toBuffer();
}

/** The logo on a square of its own green, edge to edge: for masks and for iOS, which allow no transparency. */
async function drawFullBleed(logo: Buffer, size: number): Promise<Buffer> {
  const inner = Math.round(size * FULL_BLEED_LOGO);
  return sharp({ create: { width: size, height: size, channels: 4, background: SOKONI_GREEN } })
    .composite([{ input: await drawLogo(logo, inner), gravity: 'centre' }])
    .flatten({ background: SOKONI_GREEN })
    .png()
    .toBuffer();
}

/**
 * Draws the app's icons from pwa/logo.svg with sharp as the web app is built, into the build at the
 * addresses the manifest gives (nothing is downloaded or committed), and links the iOS one from the
 * page. The page's own icon is the logo written into it (a data: address): one request fewer on a
 * phone's first load.
 */
export function appIcons(): Plugin {
  return {
    name: 'sokoni:app-icons',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const logo = await readFile(LOGO, 'utf8');
        return html.replace(
          'href="/pwa/logo.svg"',
          `href="data:image/svg+xml,${encodeURIComponent(logo.trim()).replaceAll("'", '%27')}"`,
        );
      },
    },
    async generateBundle() {
      const logo = await readFile(LOGO);
      const icons = [
        ...APP_ICONS.map(async ({ src, size, purpose }) => ({
          src,
          png: purpose === 'maskable' ? await drawFullBleed(logo, size) : await drawLogo(logo, size),
        })),
        drawFullBleed(logo, APPLE_TOUCH_ICON.size).then((png) => ({ src: APPLE_TOUCH_ICON.src, png })),
      ];
      for (const { src, png } of await Promise.all(icons))
        this.emitFile({ type: 'asset', fileName: src.slice(1), source: png });
    },
  };
}
