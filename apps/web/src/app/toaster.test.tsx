import { act, cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { AppToaster } from './toaster';

/** After dismissal react-hot-toast keeps the node 1000 ms for its exit animation, then removes it. */
const REMOVE_DELAY_MS = 1000;

let container: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  ({ container } = renderWithProviders(<AppToaster />));
});

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.useRealTimers();
});

function show(fire: () => string): string {
  let id = '';
  act(() => {
    id = fire();
  });
  return id;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The toast's wrapper inside the toaster, or null once it has left the DOM. */
function toastWrapper(text: string): HTMLElement | null {
  const wrappers = container.querySelectorAll<HTMLElement>('[data-rht-toaster] > div');
  return [...wrappers].find((wrapper) => wrapper.textContent?.includes(text)) ?? null;
}

/** Shown = on screen and not dismissed (react-hot-toast drops the wrapper's class on dismissal). */
function isShown(text: string): boolean {
  const wrapper = toastWrapper(text);
  return wrapper !== null && wrapper.className !== '';
}

function isGone(text: string): boolean {
  return toastWrapper(text) === null;
}

describe('the app toaster (spec §4/§9 timings)', () => {
  it('shows a success toast for 2000 ms', () => {
    show(() => toast.success('Karibu, Amina!'));
    expect(isShown('Karibu, Amina!')).toBe(true);

    advance(1999);
    expect(isShown('Karibu, Amina!')).toBe(true);
    advance(1);
    expect(isShown('Karibu, Amina!')).toBe(false);
    advance(REMOVE_DELAY_MS);
    expect(isGone('Karibu, Amina!')).toBe(true);
  });

  it('shows an error toast for 4000 ms', () => {
    show(() => toast.error('Login failed'));

    advance(3900);
    expect(isShown('Login failed')).toBe(true);
    advance(100);
    expect(isShown('Login failed')).toBe(false);
    advance(REMOVE_DELAY_MS);
    expect(isGone('Login failed')).toBe(true);
  });

  it('shows a blank toast for 4000 ms', () => {
    show(() => toast('Saved to your wishlist'));

    advance(3999);
    expect(isShown('Saved to your wishlist')).toBe(true);
    advance(1);
    expect(isShown('Saved to your wishlist')).toBe(false);
    advance(REMOVE_DELAY_MS);
    expect(isGone('Saved to your wishlist')).toBe(true);
  });

  it('keeps a loading toast until it is dismissed', () => {
    const id = show(() => toast.loading('Placing your order...'));

    advance(10 * 60 * 1000);
    expect(isShown('Placing your order...')).toBe(true);

    act(() => toast.dismiss(id));
    advance(REMOVE_DELAY_MS);
    expect(isGone('Placing your order...')).toBe(true);
  });

  it('shows at most 20 toasts at once, keeping the newest', () => {
    for (let n = 1; n <= 25; n += 1) show(() => toast(`Notice ${n}.`));

    const shown = Array.from({ length: 25 }, (_, i) => `Notice ${i + 1}.`).filter(isShown);
    expect(shown).toHaveLength(20);
    expect(shown).toContain('Notice 25.');
    expect(shown).not.toContain('Notice 5.');
  });
});
