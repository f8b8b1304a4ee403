import { act } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

export type Rendered = {
  container: HTMLElement;
  unmount: () => void;
};

/** Mounts a component the way the app does: its own query client (no retries) and a router at `url`. */
export function renderWithProviders(ui: ReactNode, { url = '/' }: { url?: string } = {}): Rendered {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  return {
    container,
    unmount: () => {
      act(() => root.unmount());
      queryClient.clear();
      container.remove();
    },
  };
}

/**
 * Lets answered fetches reach the screen (TanStack Query hands results over on a zero-delay
 * timer) until `check` stops throwing; rethrows its last error after about a second.
 * Real timers only: with fake timers, advance them with `vi.advanceTimersByTimeAsync` instead.
 */
export async function waitFor(check: () => void): Promise<void> {
  const attempts = 100;
  for (let attempt = 1; ; attempt += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

/** Gives pending fetches and renders time to happen, before asserting that something did not. */
export async function settle(ms = 50): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

/**
 * Submits a form the way Enter in one of its fields does. (happy-dom's `requestSubmit()` names
 * the form itself as the submitter, which React's form handling cannot read.)
 */
export function submitForm(form: HTMLFormElement) {
  act(() => {
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
  });
}

/** Types into a React-controlled input: the value setter React listens behind, then an input event. */
export function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const prototype = Object.getPrototypeOf(input) as object;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setValue) throw new Error('the input has no value setter');
  act(() => {
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
