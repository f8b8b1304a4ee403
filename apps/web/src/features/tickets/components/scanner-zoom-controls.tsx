import { useEffect, useState, type RefObject } from 'react';
import type { IScannerHandle } from '@yudiel/react-qr-scanner';
import { ZoomInIcon, ZoomOutIcon } from '@/components/icons';
import { nextZoom, type ZoomRange } from '../lib/scanner-zoom';

type Zoom = { range: ZoomRange; value: number };

// lib.dom does not type the image-capture fields (zoom, torch) of a camera track yet.
type ZoomCapabilities = MediaTrackCapabilities & { zoom?: ZoomRange };
type ZoomSettings = MediaTrackSettings & { zoom?: number };

const videoTrack = (scanner: RefObject<IScannerHandle | null>) =>
  scanner.current?.getStream()?.getVideoTracks()[0];

/** The zoom a live camera reports, or null when it has none (most laptop cameras). */
function readZoom(track: MediaStreamTrack | undefined): Zoom | null {
  const range = (track?.getCapabilities?.() as ZoomCapabilities | undefined)?.zoom;
  const value = (track?.getSettings() as ZoomSettings | undefined)?.zoom;
  return range && value !== undefined && range.max > range.min ? { range, value } : null;
}

const BUTTON_CLASSES =
  'absolute right-2 z-10 inline-flex size-11 items-center justify-center rounded-full bg-black/60 text-2xl text-yellow-300 disabled:text-slate-400';

/**
 * Zoom-out and zoom-in over the scanner, in the spec's places (130 and 180 px from the bottom),
 * only while the camera streams and reports a zoom range. The scanner's own zoom buttons step by
 * the camera's finest step; the spec's step is a third of the range.
 */
export function ScannerZoomControls({ scanner }: { scanner: RefObject<IScannerHandle | null> }) {
  const [zoom, setZoom] = useState<Zoom | null>(null);

  useEffect(() => {
    const video = scanner.current?.getVideoElement();
    if (!video) return;
    const read = () => setZoom(readZoom(videoTrack(scanner)));
    // 'playing' once the camera streams; 'emptied' when the scanner stops it.
    video.addEventListener('playing', read);
    video.addEventListener('emptied', read);
    return () => {
      video.removeEventListener('playing', read);
      video.removeEventListener('emptied', read);
    };
  }, [scanner]);

  if (!zoom) return null;

  const zoomTo = (value: number) => {
    const camera = videoTrack(scanner);
    if (!camera) return;
    // Taken or refused, the buttons then show the zoom the camera actually has.
    const show = () => setZoom(readZoom(camera));
    camera
      .applyConstraints({
        ...camera.getConstraints(),
        advanced: [{ zoom: value } as MediaTrackConstraintSet],
      })
      .then(show, show);
  };
  const zoomOut = nextZoom(zoom.range, zoom.value, -1);
  const zoomIn = nextZoom(zoom.range, zoom.value, 1);
  return (
    <>
      <button
        type="button"
        aria-label="Zoom out"
        disabled={zoomOut === null}
        onClick={() => zoomOut !== null && zoomTo(zoomOut)}
        className={`${BUTTON_CLASSES} bottom-[130px]`}
      >
        <ZoomOutIcon />
      </button>
      <button
        type="button"
        aria-label="Zoom in"
        disabled={zoomIn === null}
        onClick={() => zoomIn !== null && zoomTo(zoomIn)}
        className={`${BUTTON_CLASSES} bottom-[180px]`}
      >
        <ZoomInIcon />
      </button>
    </>
  );
}
