import { DOOR_MESSAGES } from '@sokoni/contracts/events-rules';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { errorMessage, isNetworkFailure } from '@/lib/api-client';
import type { useDoorSync } from '../lib/use-door';

type DoorStatusProps = {
  online: boolean;
  /** Whether any event's list is saved on the device. */
  listSaved: boolean;
  waiting: number;
  sync: ReturnType<typeof useDoorSync>;
};

/**
 * Where the door stands: offline (checking against the saved list, or with none saved), how many
 * check-ins wait for the network, and what the last sync sent.
 */
export function DoorStatus({ online, listSaved, waiting, sync }: DoorStatusProps) {
  const sent = sync.isSuccess ? sync.data : 0;
  // A sync the network broke off is tried again when it returns: only a refusal is worth a word.
  const refused = sync.isError && !isNetworkFailure(sync.error);
  if (online && !waiting && !sent && !refused) return null;
  return (
    <div className="space-y-3">
      {online ? null : (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          {listSaved ? DOOR_MESSAGES.offline : DOOR_MESSAGES.offlineNoList}
        </p>
      )}
      {waiting ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm font-medium text-slate-800">
            {DOOR_MESSAGES.waiting(waiting)}
          </p>
          {online ? (
            <Button variant="secondary" onClick={() => sync.mutate()} disabled={sync.isPending}>
              Send now
            </Button>
          ) : null}
        </div>
      ) : null}
      {sent ? (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {DOOR_MESSAGES.synced(sent)}
        </p>
      ) : null}
      {refused ? <FormAlert message={errorMessage(sync.error, DOOR_MESSAGES.syncFailed)} /> : null}
    </div>
  );
}
