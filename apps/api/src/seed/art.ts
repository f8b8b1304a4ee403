import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** The shop's placeholder: a pale rounded tile in the middle. */
const TILE = '<rect x="30" y="30" width="40" height="40" rx="6" fill="white" fill-opacity="0.85"/>';

/**
 * Sample artwork drawn from a seed string: a gradient in the given hue with a few soft shapes, and a
 * motif on top (SVG drawn on a 100 × 100 grid, scaled to the image). No text (fonts differ between
 * machines) and nothing fetched; a few KB of WebP each.
 */
export async function renderArt(
  seed: string,
  hue: number,
  { size = 640, motif = TILE }: { size?: number; motif?: string } = {},
): Promise<Buffer> {
  const bytes = createHash('sha256').update(seed).digest();
  const at = (index: number, range: number) => ((bytes[index % bytes.length] ?? 0) / 255) * range;
  const shapes = Array.from({ length: 5 }, (_, i) => {
    const x = at(i * 3, size).toFixed(0);
    const y = at(i * 3 + 1, size).toFixed(0);
    const r = (size * 0.08 + at(i * 3 + 2, size * 0.25)).toFixed(0);
    const light = 55 + at(i + 20, 35);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + at(i + 10, 60)) % 360} 70% ${light}%)" fill-opacity="0.55"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 65% 42%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 68%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}<g transform="scale(${size / 100})">${motif}</g>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 68 }).toBuffer();
}
