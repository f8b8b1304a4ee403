import { useRef } from 'react';
import {
  Scanner,
  prepareZXingModule,
  type IScannerError,
  type IScannerHandle,
  type IScannerProps,
} from '@yudiel/react-qr-scanner';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { ScannerZoomControls } from './scanner-zoom-controls';

// The QR engine loads our own copy of its wasm, built into the app's assets from the zxing-wasm
// version the scanner uses; left alone it would fetch the file from a public CDN (DESIGN §2).
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** Spec §9: the rear camera, 640 to 1920 by 640 to 1080, ideally 720 square. */
const CAMERA: MediaTrackConstraints = {
  facingMode: 'environment',
  width: { min: 640, ideal: 720, max: 1920 },
  height: { min: 640, ideal: 720, max: 1080 },
};
/** Spec §5: the product scans QR codes only. */
const FORMATS: IScannerProps['formats'] = ['qr_code'];
/** The square frame with its red corners and the torch (when the camera has one); zoom is ours. */
const COMPONENTS: IScannerProps['components'] = { finder: true, torch: true, zoom: false, onOff: false };

type TicketScannerProps = {
  /** The text of the first QR code read: a ticket ID. */
  onScan: (text: string) => void;
  onError: (error: IScannerError) => void;
};

/**
 * The camera view that reads a ticket's QR code. The spec's timings (3 s to start, 500 ms to
 * settle, 500 ms between reads) and the scan sound are the scanner's own defaults.
 */
export function TicketScanner({ onScan, onError }: TicketScannerProps) {
  const scanner = useRef<IScannerHandle>(null);
  return (
    <figure className="mx-auto w-full max-w-sm">
      <div className="overflow-hidden rounded-2xl bg-slate-900">
        <Scanner
          ref={scanner}
          constraints={CAMERA}
          formats={FORMATS}
          components={COMPONENTS}
          onScan={(codes) => {
            const text = codes[0]?.rawValue;
            if (text) onScan(text);
          }}
          onError={onError}
        >
          <ScannerZoomControls scanner={scanner} />
        </Scanner>
      </div>
      <figcaption className="mt-2 text-center text-sm text-slate-600">
        Align the QR code within the frame.
      </figcaption>
    </figure>
  );
}
