import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { DateRange } from 'react-day-picker';
import toast from 'react-hot-toast';
import {
  STAY_BLOCK_NOTE_MAX_LENGTH,
  STAY_BOOKING_HORIZON_DAYS,
  addDays,
  isCalendarDay,
} from '@sokoni/contracts/stays-rules';
import type { HostListing } from '@sokoni/contracts/stays';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useBlockDates } from '../api/block-dates';
import { BLOCK_MESSAGES, blockRequest } from '../lib/block-dates';
import { dateToDay, dayToDate, nightsRange } from '../lib/calendar-days';
import { ListingCalendar } from './listing-calendar';

type BlockDatesFormProps = {
  listing: Pick<HostListing, 'id' | 'title' | 'upcomingBookings' | 'blocks'>;
  /** Today in Nairobi ('YYYY-MM-DD'). */
  today: string;
};

const EMPTY = { first: '', last: '', note: '' };

/**
 * The listing's calendar and the host's way to close nights on it (maintenance, booked elsewhere):
 * pick the first and last night in the calendar or type them, add a note if useful. The server's
 * refusal ('Sorry, those dates are already booked.') shows here.
 */
export function BlockDatesForm({ listing, today }: BlockDatesFormProps) {
  const id = useId();
  const block = useBlockDates(listing.id);
  const [picked, setPicked] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [month, setMonth] = useState(() => dayToDate(today));

  const change = (next: Partial<typeof EMPTY>) => {
    setPicked((current) => ({ ...current, ...next }));
    setProblem(null);
  };
  const selected: DateRange | undefined = isCalendarDay(picked.first)
    ? { from: dayToDate(picked.first), to: isCalendarDay(picked.last) ? dayToDate(picked.last) : undefined }
    : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (block.isPending) return;
    const request = blockRequest(picked, today);
    if (!request.body) {
      setProblem(request.problem);
      return;
    }
    block.mutate(request.body, {
      onSuccess: () => {
        toast.success(BLOCK_MESSAGES.blocked);
        setPicked(EMPTY);
      },
      onError: (error) => setProblem(errorMessage(error, BLOCK_MESSAGES.blockFailed)),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={`Block dates of ${listing.title}`}>
      <ListingCalendar
        title={listing.title}
        booked={listing.upcomingBookings.map(nightsRange)}
        blocked={listing.blocks.map(nightsRange)}
        today={dayToDate(today)}
        endMonth={dayToDate(addDays(today, STAY_BOOKING_HORIZON_DAYS))}
        month={month}
        onMonthChange={setMonth}
        selected={selected}
        onSelect={(range) =>
          change({
            first: range?.from ? dateToDay(range.from) : '',
            last: range?.to ? dateToDay(range.to) : '',
          })
        }
      />
      <p className="text-sm text-slate-600">
        To close nights, pick the first and the last one in the calendar, or type them.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-first`}
          label="First night"
          type="date"
          min={today}
          value={picked.first}
          onChange={(event) => {
            change({ first: event.target.value });
            // A night typed in another month brings the calendar to it.
            if (isCalendarDay(event.target.value) && event.target.value >= today)
              setMonth(dayToDate(event.target.value));
          }}
          disabled={block.isPending}
        />
        <TextField
          id={`${id}-last`}
          label="Last night"
          type="date"
          min={picked.first || today}
          value={picked.last}
          onChange={(event) => change({ last: event.target.value })}
          disabled={block.isPending}
        />
      </div>
      <TextField
        id={`${id}-note`}
        label="Note (optional)"
        placeholder="e.g. Closed for repairs"
        autoComplete="off"
        maxLength={STAY_BLOCK_NOTE_MAX_LENGTH}
        value={picked.note}
        onChange={(event) => change({ note: event.target.value })}
        disabled={block.isPending}
      />
      <FormAlert message={problem} />
      <Button type="submit" variant="secondary" disabled={block.isPending}>
        {block.isPending ? <Spinner className="size-4" /> : null}
        Block dates
      </Button>
    </form>
  );
}
