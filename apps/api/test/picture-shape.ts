import sharp from 'sharp';

/** The side of the grid a picture's shape is compared on. */
const GRID = 32;

/**
 * What a picture draws in white, colour left out: the picture in grey, its near-white pixels kept
 * (the sample art's subject is drawn in white strokes, the brightest thing in it), and their share of
 * each cell of a 32 × 32 grid over the picture's middle square.
 */
export async function shapeOf(picture: Buffer): Promise<Uint8Array> {
  // sharp thresholds after it resizes: the white is picked out on a finer grid first, then averaged.
  const fine = GRID * 8;
  const white = await sharp(picture)
    .greyscale()
    .resize(fine, fine, { fit: 'cover' })
    .threshold(235)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const data = await sharp(white, { raw: { width: fine, height: fine, channels: 1 } })
    .resize(GRID, GRID, { kernel: 'linear' })
    .blur(1)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, GRID * GRID);
}

/**
 * How far apart two shapes are, from 0 (the same strokes) to 1 (no stroke in common): what the two
 * draw differently over what either draws.
 */
export function shapeDistance(a: Uint8Array, b: Uint8Array): number {
  let apart = 0;
  let drawn = 0;
  for (let i = 0; i < a.length; i += 1) {
    apart += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    drawn += Math.max(a[i] ?? 0, b[i] ?? 0);
  }
  return drawn === 0 ? 0 : apart / drawn;
}

/** Two pictures closer than this draw the same thing: one subject in other colours stays well under it. */
export const SAME_SHAPE_BELOW = 0.2;
