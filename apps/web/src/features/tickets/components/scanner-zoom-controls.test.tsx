import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { IScannerHandle } from '@yudiel/react-qr-scanner';
import { ScannerZoomControls } from './scanner-zoom-controls';

/** A camera track as the scanner's stream holds it: its zoom range (if any) and current zoom. */
function fakeCamera(zoom: { min: number; max: number; step: number } | null) {
  let current = zoom?.min;
  const track = {
    getCapabilities: () => (zoom ? { zoom } : {}),
    getSettings: () => (zoom ? { zoom: current } : {}),
    getConstraints: () => ({ facingMode: 'environment' }),
    applyConstraints: vi.fn(async (constraints: { advanced?: Array<{ zoom?: number }> }) => {
      current = constraints.advanced?.[0]?.zoom ?? current;
    }),
  };
  const video = document.createElement('video');
  let streaming = true;
  const handle: IScannerHandle = {
    getVideoElement: () => video,
    getStream: () => (streaming ? ({ getVideoTracks: () => [track] } as unknown as MediaStream) : null),
  };
  return {
    track,
    scanner: { current: handle },
    start: () => act(() => void video.dispatchEvent(new Event('playing'))),
    stop: () =>
      act(() => {
        streaming = false;
        video.dispatchEvent(new Event('emptied'));
      }),
  };
}

const zoomIn = () => screen.queryByRole('button', { name: 'Zoom in' });
const zoomOut = () => screen.queryByRole('button', { name: 'Zoom out' });

describe('scanner zoom controls', () => {
  it('appear once a camera with zoom streams, step a third of its range, and disable at the ends', async () => {
    const user = userEvent.setup();
    const camera = fakeCamera({ min: 1, max: 4, step: 0.1 });
    render(<ScannerZoomControls scanner={camera.scanner} />);
    expect(zoomIn()).toBeNull();

    camera.start();
    expect(zoomOut()!.hasAttribute('disabled')).toBe(true);
    expect(zoomIn()!.hasAttribute('disabled')).toBe(false);

    for (let press = 0; press < 3; press += 1) await user.click(zoomIn()!);
    expect(camera.track.applyConstraints.mock.calls.map(([constraints]) => constraints)).toEqual(
      [2, 3, 4].map((zoom) => ({ facingMode: 'environment', advanced: [{ zoom }] })),
    );
    expect(zoomIn()!.hasAttribute('disabled')).toBe(true);
    expect(zoomOut()!.hasAttribute('disabled')).toBe(false);

    await user.click(zoomOut()!);
    expect(camera.track.applyConstraints).toHaveBeenLastCalledWith({
      facingMode: 'environment',
      advanced: [{ zoom: 3 }],
    });

    camera.stop();
    expect(zoomIn()).toBeNull();
    expect(zoomOut()).toBeNull();
  });

  it('stay hidden for a camera that reports no zoom', () => {
    const camera = fakeCamera(null);
    render(<ScannerZoomControls scanner={camera.scanner} />);
    camera.start();
    expect(zoomIn()).toBeNull();
    expect(zoomOut()).toBeNull();
  });
});
