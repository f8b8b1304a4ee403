import { vi } from 'vitest';

type Report = (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting' | 'target'>>) => void;

/**
 * Stands in for the browser's IntersectionObserver (happy-dom lays nothing out, so it never reports).
 * With `everythingInView`, each element is reported within view as it is observed; else only when
 * `showAll()` says so, as a browser does once the reader scrolls.
 */
export function fakeIntersections({ everythingInView }: { everythingInView: boolean }) {
  const observed = new Map<Element, Report>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      readonly #report: Report;
      constructor(report: Report) {
        this.#report = report;
      }
      observe(target: Element) {
        observed.set(target, this.#report);
        if (everythingInView) this.#report([{ isIntersecting: true, target }]);
      }
      disconnect() {
        for (const [target, report] of observed) if (report === this.#report) observed.delete(target);
      }
    },
  );
  return {
    showAll() {
      for (const [target, report] of observed) report([{ isIntersecting: true, target }]);
    },
    /** How many elements are watched now. */
    get watched() {
      return observed.size;
    },
  };
}
