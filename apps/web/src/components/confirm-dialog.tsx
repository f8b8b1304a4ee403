import type { ReactNode } from 'react';
import { Button } from './button';
import { FormAlert } from './form-alert';
import { Modal } from './modal';
import { Spinner } from './spinner';

type ConfirmDialogProps = {
  title: string;
  /** What happens if the user goes ahead (what comes back to them, who is told). */
  description: ReactNode;
  /** The button that goes ahead ('Yes, cancel stay') and the one that does not ('Keep booking'). */
  confirmLabel: string;
  keepLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** While the request runs: both buttons wait, Escape does not close. */
  pending: boolean;
  /** The server's refusal, shown inside. */
  error: string | null;
  /** Red for what cannot be undone and costs someone (a cancellation); green for good news. */
  tone?: 'danger' | 'primary';
  /** Anything asked besides (a reason), above the buttons. */
  children?: ReactNode;
};

/**
 * Asks before something that cannot be undone (a cancellation, a refund): what it does, the server's
 * refusal if any, and the two ways out.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  keepLabel,
  onConfirm,
  onClose,
  pending,
  error,
  tone = 'danger',
  children,
}: ConfirmDialogProps) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal title={title} size="sm" onClose={close} description={description}>
      <div className="space-y-4">
        {children}
        <FormAlert message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={pending}>
            {keepLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
