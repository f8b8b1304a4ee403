import { describe, expect, it } from 'vitest';
import { SAME_SHAPE_BELOW, shapeDistance, shapeOf } from '../../test/picture-shape.js';
import { artSvg, renderArt } from './art.js';
import { SUBJECTS, shapesOf, type Subject } from './subjects.js';

describe('the sample art', () => {
  it('tells a subject by its shape: the same one in other colours and another frame alike, another apart', async () => {
    const phone = await shapeOf(await renderArt('a phone', 20, 'phone'));
    const phoneElsewhere = await shapeOf(await renderArt('another phone', 200, 'phone', { frame: 'wide' }));
    const book = await shapeOf(await renderArt('a phone', 20, 'novel'));
    expect(shapeDistance(phone, phoneElsewhere)).toBeLessThan(SAME_SHAPE_BELOW / 2);
    expect(shapeDistance(phone, book)).toBeGreaterThanOrEqual(SAME_SHAPE_BELOW);
  });

  it("draws each subject from its icon package's shapes, referring to nothing outside the picture", () => {
    for (const subject of Object.keys(SUBJECTS) as Subject[]) {
      expect(shapesOf(subject), subject).toMatch(/^<(path|rect|circle|line|polyline|ellipse)\b/);
      const svg = artSvg(subject, 0, subject).replace(' xmlns="http://www.w3.org/2000/svg"', '');
      expect(svg, subject).not.toMatch(/https?:|href|@import|url\((?!#)/i);
    }
  });
});
