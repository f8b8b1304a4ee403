import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { shapesOf, type Subject } from './subjects.js';

/** The sample pictures' shapes, as the cards show them: products square, stays 3:2, events and courses 16:9. */
export const ART_FRAMES = {
  square: { width: 640, height: 640 },
  landscape: { width: 720, height: 480 },
  wide: { width: 800, height: 450 },
} as const;

/** A gallery's later photos turn and scale the subject a little, so they are not copies of the first. */
const VIEWS = [
  { turn: 0, scale: 1 },
  { turn: -12, scale: 0.86 },
  { turn: 9, scale: 1.1 },
  { turn: -5, scale: 0.94 },
];

export type ArtOptions = { frame?: keyof typeof ART_FRAMES; view?: number };

/** A picture's ground: a gradient in the given hue with a few soft circles placed by the seed string. */
function backdrop(seed: string, hue: number, width: number, height: number): string {
  const bytes = createHash('sha256').update(seed).digest();
  const at = (index: number, range: number) => ((bytes[index % bytes.length] ?? 0) / 255) * range;
  const circles = Array.from({ length: 4 }, (_, i) => {
    const x = at(i * 3, width).toFixed(0);
    const y = at(i * 3 + 1, height).toFixed(0);
    const r = (Math.min(width, height) * 0.1 + at(i * 3 + 2, Math.min(width, height) * 0.25)).toFixed(0);
    // Never near white, so a subject drawn on it stays the brightest thing in the picture.
    const light = (34 + at(i + 20, 26)).toFixed(0);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + at(i + 10, 50)) % 360} 60% ${light}%)" fill-opacity="0.4"/>`;
  }).join('');
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 62% 40%)"/><stop offset="1" stop-color="hsl(${(hue + 35) % 360} 62% 58%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}`;
}

/**
 * The SVG of a sample picture: its subject's icon drawn large in white strokes on a soft disc, over the
 * backdrop. No text (fonts differ between machines) and nothing referred to outside it.
 */
export function artSvg(
  seed: string,
  hue: number,
  subject: Subject,
  { frame = 'square', view = 0 }: ArtOptions = {},
): string {
  const { width, height } = ART_FRAMES[frame];
  const side = Math.min(width, height);
  const { turn, scale } = VIEWS[view % VIEWS.length] ?? { turn: 0, scale: 1 };
  const unit = ((side * 0.56) / 24) * scale;
  const place = (dx: number, dy: number) =>
    `translate(${(width / 2 + dx).toFixed(1)} ${(height / 2 + dy).toFixed(1)}) rotate(${turn}) ` +
    `scale(${unit.toFixed(3)}) translate(-12 -12)`;
  const strokes = 'fill="none" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"';
  const shapes = shapesOf(subject);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${backdrop(seed, hue, width, height)}
    <circle cx="${width / 2}" cy="${height / 2}" r="${(side * 0.41).toFixed(0)}" fill="white" fill-opacity="0.14"/>
    <g transform="${place(side * 0.008, side * 0.012)}" ${strokes} stroke="black" color="black" opacity="0.18">${shapes}</g>
    <g transform="${place(0, 0)}" ${strokes} stroke="white" color="white">${shapes}</g>
  </svg>`;
}

/** The sample picture as a WebP of a few KB. */
export async function renderArt(
  seed: string,
  hue: number,
  subject: Subject,
  options: ArtOptions = {},
): Promise<Buffer> {
  return sharp(Buffer.from(artSvg(seed, hue, subject, options)))
    .webp({ quality: 68 })
    .toBuffer();
}

/** The backdrop alone, square (the shop's category tiles, drawn once by scripts/generate-category-art.ts). */
export async function renderBackdrop(seed: string, hue: number, size: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${backdrop(seed, hue, size, size)}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 68 }).toBuffer();
}
