import { ResolveReportInput, type ModerationCase } from '@sokoni/contracts/moderation';
import { useResolveReport } from '../api/resolve-report';
import { ReasonDialog } from './reason-dialog';

type HideDialogProps = { item: ModerationCase; onClose: () => void };

/** Hide: asks for the reason its owner is shown (checked with the server's own rule), then hides it. */
export function HideDialog({ item, onClose }: HideDialogProps) {
  return (
    <ReasonDialog
      title={`Hide ${item.title}?`}
      description={
        <p>No one else sees it until it is restored. Its owner, {item.owner.name}, sees your reason.</p>
      }
      keepLabel="Keep it shown"
      confirmLabel="Hide"
      fieldId={`hide-reason-${item.id}`}
      label="Reason its owner sees"
      failed="It could not be hidden. Please try again."
      schema={ResolveReportInput}
      fields={{ action: 'hide' }}
      mutation={useResolveReport()}
      variables={(reason) => ({ caseId: item.id, action: 'hide' as const, reason })}
      onClose={onClose}
    />
  );
}
