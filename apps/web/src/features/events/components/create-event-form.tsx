import { useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import type { CreateEventData } from '@sokoni/contracts/events';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Form } from '@/components/form';
import type { FormTools, SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useCreateEvent } from '../api/create-event';
import {
  EMPTY_EVENT_VALUES,
  EventFormSchema,
  NO_TICKETS_CONFIRM,
  serverFieldErrors,
} from '../lib/event-form';
import type { EventFormValues } from '../lib/event-form';
import { EventFields } from './event-fields';
import { runMutation } from '@/lib/run-mutation';

type Pending = { body: CreateEventData; form: FormTools<EventFormValues, CreateEventData> };

/**
 * Checked on submit with POST /events' own rules on the body it would send (EventFormSchema), the
 * image included: it is uploaded as soon as it is picked. An event with no tickets (the field left
 * empty is 0, spec §5) is published only once the organizer says so: nobody could buy a ticket. A
 * field's message clears when it is edited. Success says so and opens /events; a failure says so,
 * with the server's reason beside the field it concerns.
 */
export function CreateEventForm() {
  const signedIn = useAuthStore((state) => state.user !== null);
  const navigate = useNavigate();
  const createEvent = useCreateEvent();
  const saving = createEvent.isPending || createEvent.isSuccess;
  const [noTickets, setNoTickets] = useState<Pending | null>(null);

  const send = ({ body, form }: Pending) =>
    runMutation(createEvent, body, {
      onSuccess: () => {
        toast.success(EVENT_MESSAGES.createSucceeded);
        navigate('/events');
      },
      onError: (error) => {
        toast.error(EVENT_MESSAGES.createFailed);
        // The server's own words about no one field; the toast already says that it failed.
        form.showServerErrors(serverFieldErrors(error), errorMessage(error, ''));
      },
    });

  const save: SubmitOf<typeof EventFormSchema> = (body, form) => {
    if (body.ticketsAvailable === 0) setNoTickets({ body, form });
    else send({ body, form });
  };

  if (!signedIn) return <FormAlert message={EVENT_MESSAGES.loginRequired} />;

  return (
    <Form
      schema={EventFormSchema}
      defaultValues={EMPTY_EVENT_VALUES}
      onSubmit={save}
      disabled={saving}
      focusInvalid
      className="space-y-5"
      aria-busy={saving}
    >
      <EventFields
        saving={saving}
        submitLabel="Create Event"
        savingLabel="Creating..."
        tickets={{ label: 'Tickets available', hint: 'How many seats you sell. Empty means 0.' }}
      />
      {noTickets ? (
        <ConfirmDialog
          title={NO_TICKETS_CONFIRM.title}
          description={NO_TICKETS_CONFIRM.description}
          confirmLabel={NO_TICKETS_CONFIRM.confirm}
          keepLabel={NO_TICKETS_CONFIRM.keep}
          tone="primary"
          pending={false}
          error={null}
          onConfirm={() => {
            setNoTickets(null);
            send(noTickets);
          }}
          onClose={() => {
            setNoTickets(null);
            // Once the closing dialog has handed the focus back to the button that opened it.
            setTimeout(() => noTickets.form.setFocus('ticketsAvailable'));
          }}
        />
      ) : null}
    </Form>
  );
}
