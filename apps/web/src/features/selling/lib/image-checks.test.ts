import { describe, expect, it } from 'vitest';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import { IMAGE_MAX_BYTES } from '@sokoni/contracts/uploads';
import { sortPickedImages } from './image-checks';

const file = (name: string, type: string, size = 1024) => ({ name, type, size });

describe('sortPickedImages', () => {
  it('keeps the good files and gives one message per refused file', () => {
    const good = file('a.png', 'image/png');
    const { accepted, errors } = sortPickedImages(
      [good, file('notes.txt', 'text/plain'), file('big.webp', 'image/webp', IMAGE_MAX_BYTES + 1)],
      0,
    );
    expect(accepted).toEqual([good]);
    expect(errors).toEqual(['File type not allowed: notes.txt', 'File too large: big.webp']);
  });

  it('stops at 8 images in all and says so once', () => {
    const picked = Array.from({ length: 4 }, (_, index) => file(`p${index}.png`, 'image/png'));
    const { accepted, errors } = sortPickedImages(picked, 6);
    expect(accepted.map((image) => image.name)).toEqual(['p0.png', 'p1.png']);
    expect(errors).toEqual([SELL_MESSAGES.tooManyImages]);
  });
});
