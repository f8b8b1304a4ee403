import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_OFFER_STORAGE_KEY, useInstallOfferStore } from '@/stores/install-offer';
import { renderWithProviders } from '@/test/render-with-providers';
import { InstallOffer, listenForInstall } from './pwa-install';

let stopListening: (() => void) | undefined;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useInstallOfferStore.setState({ visits: 0, purchased: false, offered: false, prompt: null, open: false });
});

afterEach(() => stopListening?.());

/**
 * The app opened in a new browser session (a new tab, a new day), or reloaded in this one (`session:
 * 'same'`): this page knows what the device remembers, and nothing of the last page's prompt.
 */
function openApp({ session }: { session: 'new' | 'same' } = { session: 'new' }) {
  cleanup();
  stopListening?.();
  if (session === 'new') sessionStorage.clear();
  useInstallOfferStore.setState({ prompt: null, open: false });
  stopListening = listenForInstall();
  renderWithProviders(<InstallOffer />);
}

/** Chromium says Sokoni can be installed; answers its prompt, which the app holds back. */
function browserCanInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => ({ outcome: 'accepted' })),
  });
  act(() => void window.dispatchEvent(event));
  expect(event.defaultPrevented).toBe(true);
  return event.prompt;
}

const offer = () => screen.queryByRole('complementary', { name: 'Install Sokoni' });

describe('the install offer', () => {
  it('is never made on a first visit, however many pages it opens', () => {
    openApp();
    browserCanInstall();
    expect(offer()).toBeNull();

    openApp({ session: 'same' });
    browserCanInstall();
    expect(offer()).toBeNull();
    expect(useInstallOfferStore.getState().visits).toBe(1);
  });

  it("is made on a second visit, and Install opens the browser's own prompt", async () => {
    openApp();
    browserCanInstall();
    openApp();
    const prompt = browserCanInstall();

    expect(offer()).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(offer()).toBeNull();
  });

  it('is made after a purchase on the first visit, once the browser can install', () => {
    openApp();
    act(() => useInstallOfferStore.getState().notePurchase());
    expect(offer()).toBeNull();

    browserCanInstall();
    expect(offer()).not.toBeNull();
  });

  it('is made once: after Not now, never again on this device', async () => {
    openApp();
    openApp();
    browserCanInstall();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(offer()).toBeNull();
    expect(JSON.parse(localStorage.getItem(INSTALL_OFFER_STORAGE_KEY)!).state).toEqual({
      visits: 2,
      purchased: false,
      offered: true,
    });

    openApp();
    act(() => useInstallOfferStore.getState().notePurchase());
    browserCanInstall();
    expect(offer()).toBeNull();
  });

  it('goes when Sokoni is installed, and is never made after', () => {
    openApp();
    openApp();
    browserCanInstall();
    expect(offer()).not.toBeNull();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(offer()).toBeNull();

    openApp();
    browserCanInstall();
    expect(offer()).toBeNull();
  });
});
