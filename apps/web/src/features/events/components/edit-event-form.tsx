import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import type { Event } from '@sokoni/contracts/events';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { Form } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { errorMessage } from '@/lib/api-client';
import { useUpdateEvent } from '../api/update-event';
import { eventFormValues, serverFieldErrors, updateEventFormSchema } from '../lib/event-form';
import { EventFields } from './event-fields';
import { runMutation } from '@/lib/run-mutation';

/** How many seats are taken now: sold, or held for buyers paying. */
const taken = (event: Event) => event.capacity - event.ticketsAvailable;

/**
 * The event as it stands, in the Create Event form's fields, checked with the same rules and sent as
 * PATCH /events/{id}. The tickets field is the seats in all: it can be raised, and the server refuses
 * to go below the seats taken, or a new price once a ticket is sold, beside the field concerned.
 * Success says so and opens 'Your Events'.
 */
export function EditEventForm({ event }: { event: Event }) {
  const navigate = useNavigate();
  const updateEvent = useUpdateEvent(event.id);
  const saving = updateEvent.isPending || updateEvent.isSuccess;
  const schema = useMemo(() => updateEventFormSchema(event), [event]);

  const save: SubmitOf<typeof schema> = (body, form) =>
    runMutation(updateEvent, body, {
      onSuccess: () => {
        toast.success(EVENT_MESSAGES.updateSucceeded);
        navigate('/tickets/organizer');
      },
      onError: (error) => {
        toast.error(EVENT_MESSAGES.updateFailed);
        form.showServerErrors(serverFieldErrors(error), errorMessage(error, ''));
      },
    });

  return (
    <Form
      schema={schema}
      defaultValues={eventFormValues(event)}
      onSubmit={save}
      disabled={saving}
      focusInvalid
      className="space-y-5"
      aria-busy={saving}
    >
      <EventFields
        saving={saving}
        submitLabel="Save changes"
        savingLabel="Saving..."
        tickets={{
          label: 'Tickets in all',
          hint: `${taken(event)} taken so far (sold or being paid for). Raise it to sell more; it cannot go below the tickets taken.`,
        }}
      />
    </Form>
  );
}
