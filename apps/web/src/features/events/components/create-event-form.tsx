import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { EVENT_CATEGORIES, EVENT_MESSAGES } from '@sokoni/contracts/events';
import type { CreateEventData } from '@sokoni/contracts/events';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useCreateEvent } from '../api/create-event';
import { useEventImage } from '../hooks/use-event-image';
import { EMPTY_EVENT_VALUES, EVENT_FIELDS, EventFormSchema, serverFieldErrors } from '../lib/event-form';
import type { EventField } from '../lib/event-form';
import { EventImageField } from './event-image-field';

const hint = (text: string) => <p className="text-sm text-slate-600">{text}</p>;

/**
 * Checked on submit with POST /events' own rules on the body it would send (EventFormSchema), the
 * image included: it is uploaded as soon as it is picked. A field's message clears when it is
 * edited. Success says so and opens /events; a failure says so, with the server's reason beside
 * the field it concerns.
 */
export function CreateEventForm() {
  const signedIn = useAuthStore((state) => state.user !== null);
  const navigate = useNavigate();
  const createEvent = useCreateEvent();
  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(EventFormSchema),
    defaultValues: EMPTY_EVENT_VALUES,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { field: imageField } = useController({ control, name: 'image' });
  const image = useEventImage((url) => {
    imageField.onChange(url);
    if (url) clearErrors('image');
  });
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, take keyboard and screen-reader users to the first field to fix.
  useEffect(() => {
    if (invalidAttempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAttempt]);

  const saving = createEvent.isPending || createEvent.isSuccess;
  const refused = () => setInvalidAttempt((count) => count + 1);
  const field = (name: Exclude<EventField, 'image'>) => ({
    ...register(name, { onChange: () => clearErrors(name) }),
    error: errors[name]?.message,
    disabled: saving,
  });

  const save = (body: CreateEventData) =>
    createEvent.mutate(body, {
      onSuccess: () => {
        toast.success(EVENT_MESSAGES.createSucceeded);
        navigate('/events');
      },
      onError: (error) => {
        toast.error(EVENT_MESSAGES.createFailed);
        const fields = serverFieldErrors(error);
        for (const name of EVENT_FIELDS) {
          const message = fields[name];
          if (message) setError(name, { type: 'server', message });
        }
        // The server's own words about no one field; the toast already says that it failed.
        const reason = errorMessage(error, '');
        if (!Object.keys(fields).length && reason) setError('root', { type: 'server', message: reason });
        refused();
      },
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || image.uploading) return;
    clearErrors('root');
    // react-hook-form shows the resolver's messages only once onInvalid has returned: the focus
    // moves after that, when the fields it looks for are marked invalid.
    let invalid = false;
    void handleSubmit(save, () => {
      invalid = true;
    })(event).then(() => {
      if (invalid) refused();
    });
  };

  if (!signedIn) return <FormAlert message={EVENT_MESSAGES.loginRequired} />;

  let submitLabel = 'Create Event';
  if (image.uploading) submitLabel = 'Uploading image...';
  else if (saving) submitLabel = 'Creating...';

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={saving}>
      <TextField id="event-title" label="Title" required autoComplete="off" {...field('title')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="event-date"
          label="Date & time"
          type="datetime-local"
          required
          hint={hint('Nairobi time (EAT).')}
          {...field('date')}
        />
        <SelectField id="event-category" label="Category" required {...field('category')}>
          <option value="">Choose a category</option>
          {EVENT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        id="event-location"
        label="Location"
        required
        autoComplete="off"
        placeholder="e.g. KICC, Nairobi"
        {...field('location')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="event-price"
          label="Ticket price (KES)"
          inputMode="decimal"
          autoComplete="off"
          hint={hint('Leave empty or 0 for a free event.')}
          {...field('price')}
        />
        <TextField
          id="event-tickets"
          label="Tickets available"
          inputMode="numeric"
          autoComplete="off"
          hint={hint('How many seats you sell. Empty means 0.')}
          {...field('ticketsAvailable')}
        />
      </div>
      <TextAreaField id="event-description" label="Description" required rows={6} {...field('description')} />
      <EventImageField id="event-image" image={image} error={errors.image?.message} disabled={saving} />
      <FormAlert message={errors.root?.message ?? null} />
      <Button type="submit" disabled={saving || image.uploading} className="w-full sm:w-auto">
        {saving || image.uploading ? <Spinner className="size-4" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
