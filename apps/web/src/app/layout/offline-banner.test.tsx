import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';

/** The browser losing or finding its network: navigator.onLine and the event that says it changed. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it('tells while the device is offline that what shows is what was seen last, and says nothing online', () => {
    render(<OfflineBanner />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    goOnline(false);
    expect(status.textContent).toBe("You're offline — showing what you saw last");

    goOnline(true);
    expect(status.textContent).toBe('');
  });
});
