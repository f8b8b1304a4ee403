import { SuspendUserInput, type ModerationCase } from '@sokoni/contracts/moderation';
import { useSuspendUser } from '../api/suspend-user';
import { ReasonDialog } from './reason-dialog';

type SuspendDialogProps = { owner: ModerationCase['owner']; onClose: () => void };

/** Suspend owner: asks for the reason they are shown when they try to sign in, and to confirm. */
export function SuspendDialog({ owner, onClose }: SuspendDialogProps) {
  return (
    <ReasonDialog
      title={`Suspend ${owner.name}?`}
      description={
        <p>
          They can no longer sign in, and their listings are hidden. They are shown your reason and where to
          write to appeal.
        </p>
      }
      keepLabel="Keep the account"
      confirmLabel="Yes, suspend"
      fieldId={`suspend-reason-${owner.id}`}
      label="Reason the owner sees"
      failed="The account could not be suspended. Please try again."
      schema={SuspendUserInput}
      mutation={useSuspendUser()}
      variables={(reason) => ({ userId: owner.id, reason })}
      onClose={onClose}
    />
  );
}
