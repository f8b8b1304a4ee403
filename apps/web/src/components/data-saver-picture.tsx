import { useState } from 'react';
import type { ReactNode } from 'react';
import { DATA_SAVER } from '@sokoni/contracts/site';
import { useDataSaver } from '@/stores/data-saver';
import { CameraIcon } from './icons';

type DataSaverPictureProps = {
  /** What the picture shows (a card's title), for the button's accessible name. */
  label: string;
  /** Whether showing `children` fetches anything (a card without a photo draws its placeholder). */
  fetches: boolean;
  /** The picture, inside a frame of its shape that is `relative` and light. */
  children: ReactNode;
};

/**
 * A list's picture under the data saver (#29): its light frame with a Show picture button, and the
 * picture only once that is tapped; without the data saver, the picture at once. The button sits
 * above a LinkCard's covering link, so the tap shows this picture rather than opening the card; the
 * frame around it still opens it, and badges in its corners stay in view.
 */
export function DataSaverPicture({ label, fetches, children }: DataSaverPictureProps) {
  const saving = useDataSaver();
  const [asked, setAsked] = useState(false);
  if (!saving || asked || !fetches) return children;
  return (
    <span className="absolute inset-0 flex items-center justify-center">
      <button
        type="button"
        onClick={() => setAsked(true)}
        className="relative z-10 flex min-h-11 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
      >
        <CameraIcon className="text-base text-slate-600" />
        {DATA_SAVER.showPicture}
        <span className="sr-only"> of {label}</span>
      </button>
    </span>
  );
}
