import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
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
import { Form, useFormTools } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useBlockDates } from '../api/block-dates';
import { BLOCK_MESSAGES, EMPTY_BLOCK_VALUES, blockDatesForm } from '../lib/block-dates';
import type { BlockFormValues } from '../lib/block-dates';
import { dateToDay, dayToDate, nightsRange } from '../lib/calendar-days';
import { ListingCalendar } from './listing-calendar';
import { runMutation } from '@/lib/run-mutation';

type BlockDatesFormProps = {
  listing: Pick<HostListing, 'id' | 'title' | 'upcomingBookings' | 'blocks'>;
  /** Today in Nairobi ('YYYY-MM-DD'). */
  today: string;
};

/**
 * The listing's calendar and the host's way to close nights on it (maintenance, booked elsewhere):
 * pick the first and last night in the calendar or type them, add a note if useful. The server's
 * refusal ('Sorry, those dates are already booked.') shows here.
 */
export function BlockDatesForm({ listing, today }: BlockDatesFormProps) {
  const block = useBlockDates(listing.id);
  const schema = useMemo(() => blockDatesForm(today), [today]);

  const send: SubmitOf<typeof schema> = (body, form) =>
    runMutation(block, body, {
      onSuccess: () => {
        toast.success(BLOCK_MESSAGES.blocked);
        form.reset();
      },
      onError: (error) => form.showServerErrors({}, errorMessage(error, BLOCK_MESSAGES.blockFailed)),
    });

  return (
    <Form
      schema={schema}
      defaultValues={EMPTY_BLOCK_VALUES}
      onSubmit={send}
      className="space-y-4"
      aria-label={`Block dates of ${listing.title}`}
    >
      <BlockDatesFields listing={listing} today={today} saving={block.isPending} />
    </Form>
  );
}

type BlockDatesFieldsProps = BlockDatesFormProps & { saving: boolean };

function BlockDatesFields({ listing, today, saving }: BlockDatesFieldsProps) {
  const id = useId();
  const {
    control,
    register,
    setValue,
    clearErrors,
    formState: { errors },
  } = useFormTools<BlockFormValues>();
  const [first, last] = useWatch({ control, name: ['first', 'last'] });
  const [month, setMonth] = useState(() => dayToDate(today));
  // Any change takes the form's message away.
  const edit = { onChange: () => clearErrors('root') };

  const selected: DateRange | undefined = isCalendarDay(first)
    ? { from: dayToDate(first), to: isCalendarDay(last) ? dayToDate(last) : undefined }
    : undefined;

  return (
    <>
      <ListingCalendar
        title={listing.title}
        booked={listing.upcomingBookings.map(nightsRange)}
        blocked={listing.blocks.map(nightsRange)}
        today={dayToDate(today)}
        endMonth={dayToDate(addDays(today, STAY_BOOKING_HORIZON_DAYS))}
        month={month}
        onMonthChange={setMonth}
        selected={selected}
        onSelect={(range) => {
          setValue('first', range?.from ? dateToDay(range.from) : '');
          setValue('last', range?.to ? dateToDay(range.to) : '');
          clearErrors('root');
        }}
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
          {...register('first', {
            onChange: (event: { target: { value: string } }) => {
              clearErrors('root');
              // A night typed in another month brings the calendar to it.
              if (isCalendarDay(event.target.value) && event.target.value >= today)
                setMonth(dayToDate(event.target.value));
            },
          })}
          disabled={saving}
        />
        <TextField
          id={`${id}-last`}
          label="Last night"
          type="date"
          min={first || today}
          {...register('last', edit)}
          disabled={saving}
        />
      </div>
      <TextField
        id={`${id}-note`}
        label="Note (optional)"
        placeholder="e.g. Closed for repairs"
        autoComplete="off"
        maxLength={STAY_BLOCK_NOTE_MAX_LENGTH}
        {...register('note', edit)}
        disabled={saving}
      />
      <FormAlert message={errors.root?.message ?? null} />
      <Button type="submit" variant="secondary" disabled={saving}>
        {saving ? <Spinner className="size-4" /> : null}
        Block dates
      </Button>
    </>
  );
}
