import { useEffect, useId, useRef, useState } from 'react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/button';
import { CloseIcon } from '@/components/icons';
import { clearFilters } from '../lib/filter-state';
import type { FilterState } from '../lib/filter-state';
import { FilterPanel } from './filter-panel';

type FilterDrawerProps = Omit<ComponentProps<typeof FilterPanel>, 'value' | 'onChange'> & {
  open: boolean;
  /** The committed filters the drawer starts from each time it opens. */
  filters: FilterState;
  onApply: (next: FilterState) => void;
  onClose: () => void;
};

function DrawerBody({
  filters,
  onApply,
  onClose,
  titleId,
  ...panelProps
}: Omit<FilterDrawerProps, 'open'> & { titleId: string }) {
  // Changes stay in this draft until Apply Filters (spec §4).
  const [draft, setDraft] = useState(filters);
  return (
    <div className="flex max-h-[85dvh] flex-col">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          Filters
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close filters"
          className="flex size-10 items-center justify-center rounded-lg text-xl text-slate-700 hover:bg-slate-100"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-4">
        <FilterPanel value={draft} onChange={setDraft} {...panelProps} />
      </div>
      <div className="grid grid-cols-2 gap-3 border-t border-slate-200 px-4 py-3">
        <Button variant="secondary" onClick={() => setDraft(clearFilters(draft))}>
          Clear All
        </Button>
        <Button
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          Apply Filters
        </Button>
      </div>
    </div>
  );
}

/**
 * The mobile bottom sheet. A modal <dialog> keeps focus inside, makes the page behind it inert
 * and closes on Escape.
 */
export function FilterDrawer({ open, onClose, ...bodyProps }: FilterDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className="mx-0 mt-auto mb-0 w-full max-w-full overflow-hidden rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
    >
      {open ? <DrawerBody onClose={onClose} titleId={titleId} {...bodyProps} /> : null}
    </dialog>
  );
}
