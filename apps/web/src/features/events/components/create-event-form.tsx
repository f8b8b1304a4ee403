import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { EVENT_CATEGORIES, EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { Button } from '@/components/button';
import { FeeHint } from '@/components/fee-hint';
import { FieldHint } from '@/components/field-frame';
import { Form, useFormTools } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { ImageUploadField } from '@/components/image-upload-field';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useImageUpload } from '@/lib/use-image-upload';
import { useAuthStore } from '@/stores/auth';
import { useCreateEvent } from '../api/create-event';
import { EMPTY_EVENT_VALUES, EventFormSchema, serverFieldErrors } from '../lib/event-form';
import type { EventFormValues } from '../lib/event-form';

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
  const saving = createEvent.isPending || createEvent.isSuccess;

  const save: SubmitOf<typeof EventFormSchema> = (body, form) =>
    createEvent.mutate(body, {
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
      <EventFields saving={saving} />
    </Form>
  );
}

function EventFields({ saving }: { saving: boolean }) {
  const {
    control,
    clearErrors,
    field,
    formState: { errors },
  } = useFormTools<EventFormValues>();
  const { field: imageField } = useController({ control, name: 'image' });
  const image = useImageUpload({
    route: 'event-image',
    onChange: (url) => {
      imageField.onChange(url);
      if (url) clearErrors('image');
    },
  });

  let submitLabel = 'Create Event';
  if (image.uploading) submitLabel = 'Uploading image...';
  else if (saving) submitLabel = 'Creating...';

  return (
    <>
      <TextField id="event-title" label="Title" required autoComplete="off" {...field('title')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="event-date"
          label="Date & time"
          type="datetime-local"
          required
          hint={<FieldHint>Nairobi time (EAT).</FieldHint>}
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
          hint={
            <>
              <FieldHint>Leave empty or 0 for a free event.</FieldHint>
              <FeeHint vertical="events" name="price" />
            </>
          }
          {...field('price')}
        />
        <TextField
          id="event-tickets"
          label="Tickets available"
          inputMode="numeric"
          autoComplete="off"
          hint={<FieldHint>How many seats you sell. Empty means 0.</FieldHint>}
          {...field('ticketsAvailable')}
        />
      </div>
      <TextAreaField id="event-description" label="Description" required rows={6} {...field('description')} />
      <ImageUploadField
        id="event-image"
        legend="Event image"
        hint="JPEG, PNG or WebP, up to 5 MB. It is shown on the event's card and page."
        noun="image"
        image={image}
        error={errors.image?.message}
        disabled={saving}
      />
      <FormAlert message={errors.root?.message ?? null} />
      <Button type="submit" disabled={saving || image.uploading} className="w-full sm:w-auto">
        {saving || image.uploading ? <Spinner className="size-4" /> : null}
        {submitLabel}
      </Button>
    </>
  );
}
