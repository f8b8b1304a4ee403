import toast from 'react-hot-toast';
import { STAY_MESSAGES, formatStayDay, nightsOf } from '@sokoni/contracts/stays-rules';
import type { StayBlock } from '@sokoni/contracts/stays';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useUnblockDates } from '../api/unblock-dates';
import { BLOCK_MESSAGES } from '../lib/block-dates';
import { lastNightOf } from '../lib/calendar-days';
import { runMutation } from '@/lib/run-mutation';

type BlockedDatesListProps = { stayId: string; blocks: StayBlock[] };

/** The nights the host closed, each with its note and a way to open them again. */
export function BlockedDatesList({ stayId, blocks }: BlockedDatesListProps) {
  const unblock = useUnblockDates(stayId);
  if (!blocks.length) return <p className="text-sm text-slate-600">No blocked dates.</p>;
  return (
    <div className="space-y-3">
      <FormAlert
        message={unblock.isError ? errorMessage(unblock.error, BLOCK_MESSAGES.unblockFailed) : null}
      />
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {blocks.map((block) => {
          const nights = `${formatStayDay(block.startDate)} – ${formatStayDay(lastNightOf(block))}`;
          const removing = unblock.isPending && unblock.variables === block.id;
          return (
            <li
              key={block.id}
              data-testid="stay-block"
              className="flex flex-wrap items-center justify-between gap-3 px-3 py-2"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900">{nights}</p>
                <p className="text-slate-600">
                  {STAY_MESSAGES.nights(nightsOf(block.startDate, block.endDate))}
                  {block.note ? <span className="break-words"> · {block.note}</span> : null}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={`Unblock ${nights}`}
                disabled={unblock.isPending}
                onClick={() =>
                  runMutation(unblock, block.id, { onSuccess: () => toast.success(BLOCK_MESSAGES.unblocked) })
                }
              >
                {removing ? 'Unblocking...' : 'Unblock'}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
