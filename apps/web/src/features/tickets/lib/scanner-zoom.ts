/** A camera's zoom range as MediaTrackCapabilities reports it. */
export type ZoomRange = { min: number; max: number; step?: number };

/**
 * The zoom one press of zoom-in (+1) or zoom-out (-1) moves to: spec §9's step of a third of the
 * range, clamped to it; null at that end of the range, where the button is disabled. Cameras round
 * the zoom they apply to their own step, so the stops are the range's thirds and a zoom within
 * half a step of a stop counts as on it.
 */
export function nextZoom(range: ZoomRange, current: number, direction: 1 | -1): number | null {
  const stops = [0, 1, 2, 3].map((third) =>
    third === 3 ? range.max : range.min + (third * (range.max - range.min)) / 3,
  );
  const slack = Math.max((range.step ?? 0) / 2, (range.max - range.min) / 100);
  const ahead =
    direction === 1
      ? stops.filter((stop) => stop > current + slack)
      : stops.filter((stop) => stop < current - slack).reverse();
  return ahead[0] ?? null;
}
