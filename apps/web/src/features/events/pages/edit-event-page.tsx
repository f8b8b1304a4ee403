import { useParams } from 'react-router';
import { EditEventForm } from '../components/edit-event-form';
import { OrganizerEvent } from '../components/organizer-event';

function EditEventContent({ id }: { id: string }) {
  return (
    <OrganizerEvent id={id}>
      {(event) => (
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <EditEventForm event={event} />
        </div>
      )}
    </OrganizerEvent>
  );
}

/** The organizer fixes their event: the form starts from the event as it stands. */
export function EditEventPage() {
  const { id = '' } = useParams();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <title>Edit event — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Edit event</h1>
      {/* Keyed: another event's address starts over from that event. */}
      <EditEventContent key={id} id={id} />
    </section>
  );
}
