import type { ModerationNotice } from '@sokoni/contracts/moderation';
import { MODERATION_TEXTS } from '@sokoni/contracts/moderation-rules';
import { AlertCircleIcon } from './icons';

/**
 * On an item Sokoni's moderators hid, as its owner sees it (#28; nobody else sees the item): why.
 * Nothing on an item that is shown.
 */
export function HiddenNotice({ moderation }: { moderation?: ModerationNotice | undefined }) {
  if (!moderation) return null;
  return (
    <p
      data-testid="hidden-notice"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
    >
      <AlertCircleIcon className="mt-0.5 shrink-0 text-base" />
      <span className="min-w-0 break-words">{MODERATION_TEXTS.hiddenForOwner(moderation.hiddenReason)}</span>
    </p>
  );
}
