import { CreateEventForm } from '../components/create-event-form';

export function CreateEventPage() {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <title>Create Event — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Create Event</h1>
      <p className="mt-2 text-slate-600">
        Your event is listed on Discover Amazing Events as soon as you create it. Every field is required
        unless it says what an empty one means.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <CreateEventForm />
      </div>
    </section>
  );
}
