import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

type BottomSheetProps = {
  open: boolean;
  /** The sheet's heading, which also names the dialog. */
  title: string;
  /** The close button's label, e.g. 'Close filters'. */
  closeLabel: string;
  onClose: () => void;
  /**
   * A SheetBody and a SheetFooter, rendered only while the sheet is open: a draft kept inside them
   * starts afresh from the committed state each time it opens.
   */
  children: ReactNode;
};

/**
 * A sheet that rises from the bottom of a phone's screen (the filters of the shop and of the stays).
 * A modal <dialog> keeps focus inside, makes the page behind it inert and closes on Escape; a tap
 * on the dimmed page behind it closes it too. Its body scrolls between a fixed title and footer.
 */
export function BottomSheet({ open, title, closeLabel, onClose, children }: BottomSheetProps) {
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
      {open ? (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 id={titleId} className="text-lg font-bold text-slate-900">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="flex size-10 items-center justify-center rounded-lg text-xl text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** The part of a BottomSheet that scrolls. */
export function SheetBody({ children }: { children: ReactNode }) {
  return <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>;
}

/** A BottomSheet's two actions side by side, always in view under its body. */
export function SheetFooter({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 border-t border-slate-200 px-4 py-3">{children}</div>;
}
