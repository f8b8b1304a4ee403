import { describe, expect, it } from 'vitest';
import { nextZoom } from './scanner-zoom';

describe('scanner zoom (spec §9: a third of the range, clamped)', () => {
  it('moves a third of the range each press and stops at the ends', () => {
    const range = { min: 1, max: 4, step: 0.1 };
    expect(nextZoom(range, 1, 1)).toBe(2);
    expect(nextZoom(range, 2, 1)).toBe(3);
    expect(nextZoom(range, 3, 1)).toBe(4);
    expect(nextZoom(range, 4, 1)).toBeNull();
    expect(nextZoom(range, 4, -1)).toBe(3);
    expect(nextZoom(range, 2, -1)).toBe(1);
    expect(nextZoom(range, 1, -1)).toBeNull();
  });

  it('reaches the ends of a range that does not divide by three, whatever the camera rounds to', () => {
    const range = { min: 1, max: 8, step: 0.1 };
    // The camera applies 3.333… as 3.3 and 5.666… as 5.7.
    expect(nextZoom(range, 1, 1)).toBeCloseTo(3.333, 3);
    expect(nextZoom(range, 3.3, 1)).toBeCloseTo(5.667, 3);
    expect(nextZoom(range, 5.7, 1)).toBe(8);
    expect(nextZoom(range, 8, 1)).toBeNull();
    expect(nextZoom(range, 3.3, -1)).toBe(1);
  });

  it('from a zoom between the stops, goes to the next stop either way, clamped to the range', () => {
    const range = { min: 100, max: 400 };
    expect(nextZoom(range, 150, 1)).toBe(200);
    expect(nextZoom(range, 150, -1)).toBe(100);
    expect(nextZoom(range, 390, 1)).toBe(400);
  });
});
