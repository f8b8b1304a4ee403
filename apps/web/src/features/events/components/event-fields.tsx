import { useState } from 'react';
import { useController } from 'react-hook-form';
import { EVENT_CATEGORIES, nairobiDateTimeLocal } from '@sokoni/contracts/events-rules';
import { Button } from '@/components/button';
import { FeeHint } from '@/components/fee-hint';
import { FieldHint } from '@/components/field-frame';
import { useFormTools } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { ImageUploadField } from '@/components/image-upload-field';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { useImageUpload } from '@/lib/use-image-upload';
import type { EventFormValues } from '../lib/event-form';

type EventFieldsProps = {
  /** True from sending until the page is left. */
  saving: boolean;
  /** The button's words, and while it sends ('Create Event', 'Creating...'). */
  submitLabel: string;
  savingLabel: string;
  /** The tickets field: on Create Event the seats to sell; on Edit the seats in all, sold ones included. */
  tickets: { label: string; hint: string };
};

/**
 * The fields of Create Event and Edit event, inside their <Form>, starting from its default values
 * (Edit: the event's image shown until another is picked): the image is uploaded as soon as it is
 * picked; the date picker starts at the present minute in Nairobi (the form refuses a past date).
 */
export function EventFields({ saving, submitLabel, savingLabel, tickets }: EventFieldsProps) {
  const {
    control,
    clearErrors,
    field,
    formState: { errors, defaultValues },
  } = useFormTools<EventFormValues>();
  const { field: imageField } = useController({ control, name: 'image' });
  const upload = useImageUpload({
    route: 'event-image',
    initialUrl: defaultValues?.image ?? '',
    onChange: (url) => {
      imageField.onChange(url);
      if (url) clearErrors('image');
    },
  });
  // Read once: the earliest minute stays put while the organizer fills the form.
  const [earliest] = useState(() => nairobiDateTimeLocal(Date.now()));

  let label = submitLabel;
  if (upload.uploading) label = 'Uploading image...';
  else if (saving) label = savingLabel;

  return (
    <>
      <TextField id="event-title" label="Title" required autoComplete="off" {...field('title')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="event-date"
          label="Date & time"
          type="datetime-local"
          required
          min={earliest}
          hint={<FieldHint>Nairobi time (EAT).</FieldHint>}
          {...field('date')}
        />
        <SelectField
          id="event-category"
          label="Category"
          required
          // React sets a select's choice from its own value: the form's default is said here too.
          defaultValue={defaultValues?.category ?? ''}
          {...field('category')}
        >
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
          label={tickets.label}
          inputMode="numeric"
          autoComplete="off"
          hint={<FieldHint>{tickets.hint}</FieldHint>}
          {...field('ticketsAvailable')}
        />
      </div>
      <TextAreaField id="event-description" label="Description" required rows={6} {...field('description')} />
      <ImageUploadField
        id="event-image"
        legend="Event image"
        hint="JPEG, PNG or WebP, up to 5 MB. It is shown on the event's card and page."
        noun="image"
        image={upload}
        error={errors.image?.message}
        disabled={saving}
      />
      <FormAlert message={errors.root?.message ?? null} />
      <Button type="submit" disabled={saving || upload.uploading} className="w-full sm:w-auto">
        {saving || upload.uploading ? <Spinner className="size-4" /> : null}
        {label}
      </Button>
    </>
  );
}
