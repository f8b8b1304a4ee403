import { createElement, isValidElement, lazy, type ComponentType, type ReactNode } from 'react';

type PageComponent = ComponentType<object>;

/** A page split into its own chunk, which can be loaded before it is first shown. */
export type LazyPage = PageComponent & { load: () => Promise<PageComponent> };

/**
 * Like React's `lazy`, but once its chunk is loaded (by `load`, or by rendering it once) the page
 * renders at once. The app loads the first page's chunk before its first render (main.tsx), so the
 * page opens without a loading state, which React would keep on screen for at least 300 ms.
 */
export function lazyPage<Module>(
  importPage: () => Promise<Module>,
  pick: (module: Module) => PageComponent,
): LazyPage {
  let loaded: PageComponent | undefined;
  let loading: Promise<PageComponent> | undefined;
  let failuresInARow = 0;
  const lazyOfLoad = () => lazy(() => load().then((component) => ({ default: component })));
  const load = (): Promise<PageComponent> =>
    (loading ??= importPage().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        // A failed download (a lost connection, a deploy) is tried again when the page is next
        // rendered: React keeps a lazy component's failure, so the next render gets a new one. React
        // renders again at once, so only once: a second failure in a row (offline, a page never
        // opened, #29) stays, and the error page says so, instead of downloading again and again.
        loading = undefined;
        failuresInARow += 1;
        if (failuresInARow < 2) Lazy = lazyOfLoad();
        throw error;
      },
    ));
  let Lazy = lazyOfLoad();
  const Page = (props: object) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { load });
}

/** Loads the chunks of the pages these route elements show; elements of other kinds need none. */
export function loadPages(elements: ReactNode[]): Promise<unknown> {
  return Promise.all(
    elements.map((element) =>
      isValidElement(element) && typeof element.type === 'function' && 'load' in element.type
        ? (element.type as LazyPage).load()
        : null,
    ),
  );
}
