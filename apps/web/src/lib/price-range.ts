import { DEFAULT_PRICE_BOUNDS, PRICE_STEP } from '@sokoni/contracts/catalog';

/** A closed range of whole shillings. */
export type PriceRange = { min: number; max: number };

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** Spec §5: the text is read as a number; anything non-numeric is ignored (null). Commas are allowed. */
export function parsePriceInput(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? Math.round(value) : null;
}

/**
 * The slider's bounds from the catalogue's cheapest and dearest match, widened to whole steps so
 * every thumb position lands on a step and both ends are reachable. Before they are known, or
 * when nothing matches, the spec's default 0–100,000 applies.
 */
export function priceBounds(
  facets: { minPrice: number | null; maxPrice: number | null } | undefined,
  step = PRICE_STEP,
): PriceRange {
  if (!facets || facets.minPrice === null || facets.maxPrice === null) return { ...DEFAULT_PRICE_BOUNDS };
  const min = Math.floor(facets.minPrice / step) * step;
  const max = Math.max(Math.ceil(facets.maxPrice / step) * step, min + step);
  return { min, max };
}

/**
 * Spec §5: both ends clamped to the bounds, min at least one step below max and max at least
 * one step above min.
 */
export function clampRange(range: PriceRange, bounds: PriceRange, step = PRICE_STEP): PriceRange {
  const min = clamp(Math.min(range.min, range.max - step), bounds.min, bounds.max - step);
  const max = clamp(range.max, min + step, bounds.max);
  return { min, max };
}

/** 'Apply Price Filter': typed values replace the current ones; a non-numeric entry keeps its end. */
export function applyPriceText(
  current: PriceRange,
  text: { min: string; max: string },
  bounds: PriceRange,
  step = PRICE_STEP,
): PriceRange {
  const min = parsePriceInput(text.min) ?? current.min;
  const max = parsePriceInput(text.max) ?? current.max;
  return clampRange({ min, max }, bounds, step);
}

/** Dragging the lower thumb: it stops one step short of the upper thumb. */
export function moveMinThumb(range: PriceRange, value: number, bounds: PriceRange, step = PRICE_STEP) {
  return { min: clamp(value, bounds.min, range.max - step), max: range.max };
}

/** Dragging the upper thumb: it stops one step short of the lower thumb. */
export function moveMaxThumb(range: PriceRange, value: number, bounds: PriceRange, step = PRICE_STEP) {
  return { min: range.min, max: clamp(value, range.min + step, bounds.max) };
}

export function isFullRange(range: PriceRange, bounds: PriceRange): boolean {
  return range.min <= bounds.min && range.max >= bounds.max;
}
