import { useId } from 'react';
import { DATA_SAVER } from '@sokoni/contracts/site';
import { useDataSaver, useDataSaverStore } from '@/stores/data-saver';

/** The data saver's on/off switch (#29), in the footer and the phone's menu: every visitor reaches it. */
export function DataSaverSwitch({ className = '' }: { className?: string }) {
  const on = useDataSaver();
  const choose = useDataSaverStore((state) => state.choose);
  const hintId = useId();
  return (
    <div className={className}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={hintId}
        onClick={() => choose(!on)}
        className="flex min-h-11 items-center gap-3 rounded-lg text-sm font-semibold text-slate-900"
      >
        <span
          aria-hidden="true"
          className={`flex h-6 w-11 shrink-0 items-center rounded-full p-0.5 transition-colors ${
            on ? 'bg-emerald-700' : 'bg-slate-400'
          }`}
        >
          <span
            className={`size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : ''}`}
          />
        </span>
        {DATA_SAVER.label}
      </button>
      <p id={hintId} className="text-xs text-slate-600">
        {DATA_SAVER.hint}
      </p>
    </div>
  );
}
