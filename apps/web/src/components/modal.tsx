import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

type ModalProps = {
  title: string;
  /** Called on Escape; the owner decides whether to close (e.g. not while saving). */
  onClose: () => void;
  children: ReactNode;
  /** Extra description read with the title, linked through aria-describedby. */
  description?: ReactNode;
  size?: 'sm' | 'lg';
};

/**
 * A modal dialog, open while it is rendered: the page behind is inert, focus moves to the
 * first field (or button) inside, Escape asks the owner to close, and focus returns to the
 * element that opened it when it goes away.
 */
export function Modal({ title, onClose, children, description, size = 'lg' }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('input, select, textarea, button:not([disabled])');
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-2xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50 sm:p-6 ${
        size === 'sm' ? 'max-w-sm' : 'max-w-lg'
      }`}
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {description ? (
        <div id={descriptionId} className="mt-2 text-slate-700">
          {description}
        </div>
      ) : null}
      <div className="mt-4">{children}</div>
    </dialog>
  );
}
