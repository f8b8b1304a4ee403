import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { FieldError, Merge } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { STAY_MESSAGES } from '@sokoni/contracts/stays';
import { Button, buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useListingPhotos } from '../hooks/use-listing-photos';
import { LISTING_FIELDS, serverFieldErrors } from '../lib/listing-form';
import type { ListingFormValues } from '../lib/listing-form';
import { AmenitiesField } from './amenities-field';
import { ListingPhotosField } from './listing-photos-field';

type SaveCallbacks = { onSuccess: () => void; onError: (error: Error) => void };

type ListingFormProps<Body> = {
  /** The form's values checked with the contract (CreateStayInput or UpdateStayInput) into the body sent. */
  schema: z.ZodType<Body, ListingFormValues>;
  defaultValues: ListingFormValues;
  save: (body: Body, callbacks: SaveCallbacks) => void;
  /** True from sending until the page is left. */
  saving: boolean;
  submitLabel: string;
  successMessage: string;
};

/** A list field's message: the list's own, or its first item's (a photo's address the server refused). */
const listMessage = (error: Merge<FieldError, Array<FieldError | undefined>> | undefined) =>
  error?.message ?? (Array.isArray(error) ? error.find(Boolean)?.message : undefined);

const hint = (text: string) => <p className="text-sm text-slate-600">{text}</p>;

/**
 * The listing form of 'List your place' and 'Edit listing', checked on submit with the contract's
 * rules on the body it would send, the photos included: each is uploaded as soon as it is picked. A
 * field's message clears when it is edited. Success says so and opens 'Your Listings'; a failure
 * says so, with the server's reason beside the field it concerns (or above the button).
 */
export function ListingForm<Body>({
  schema,
  defaultValues,
  save,
  saving,
  submitLabel,
  successMessage,
}: ListingFormProps<Body>) {
  const navigate = useNavigate();
  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<ListingFormValues, unknown, Body>({
    resolver: zodResolver(schema),
    defaultValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { field: imagesField } = useController({ control, name: 'images' });
  const photos = useListingPhotos(defaultValues.images, (urls) => {
    imagesField.onChange(urls);
    clearErrors('images');
  });
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, take keyboard and screen-reader users to the first field to fix.
  useEffect(() => {
    if (invalidAttempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAttempt]);

  const refused = () => setInvalidAttempt((count) => count + 1);
  const field = (name: Exclude<keyof ListingFormValues, 'amenities' | 'images'>) => ({
    ...register(name, { onChange: () => clearErrors(name) }),
    error: errors[name]?.message,
    disabled: saving,
  });

  const send = (body: Body) =>
    save(body, {
      onSuccess: () => {
        toast.success(successMessage);
        navigate('/host/stays');
      },
      onError: (error) => {
        toast.error(STAY_MESSAGES.listingSaveFailed);
        const fields = serverFieldErrors(error);
        for (const name of LISTING_FIELDS) {
          const message = fields[name];
          if (message) setError(name, { type: 'server', message });
        }
        const reason =
          error instanceof ApiError && error.status === 403 ? STAY_MESSAGES.notHost : errorMessage(error, '');
        if (!Object.keys(fields).length && reason) setError('root', { type: 'server', message: reason });
        refused();
      },
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || photos.uploading) return;
    clearErrors('root');
    // react-hook-form shows the resolver's messages only once onInvalid has returned: the focus
    // moves after that, when the fields it looks for are marked invalid.
    let invalid = false;
    void handleSubmit(send, () => {
      invalid = true;
    })(event).then(() => {
      if (invalid) refused();
    });
  };

  let label = submitLabel;
  if (photos.uploading) label = 'Uploading photos...';
  else if (saving) label = 'Saving...';

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={saving}>
      <TextField id="listing-title" label="Title" required autoComplete="off" {...field('title')} />
      <TextField
        id="listing-location"
        label="Location"
        required
        autoComplete="off"
        placeholder="e.g. Diani Beach, Kwale"
        {...field('location')}
      />
      <TextAreaField
        id="listing-description"
        label="Description"
        required
        rows={6}
        {...field('description')}
      />
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          id="listing-price"
          label="Price per night (KES)"
          required
          inputMode="decimal"
          autoComplete="off"
          {...field('pricePerNight')}
        />
        <TextField
          id="listing-bedrooms"
          label="Bedrooms"
          required
          inputMode="numeric"
          autoComplete="off"
          {...field('bedrooms')}
        />
        <TextField
          id="listing-bathrooms"
          label="Bathrooms"
          required
          inputMode="numeric"
          autoComplete="off"
          {...field('bathrooms')}
        />
        <TextField
          id="listing-guests"
          label="Guests"
          required
          inputMode="numeric"
          autoComplete="off"
          hint={hint('The most guests the place sleeps.')}
          {...field('guests')}
        />
      </div>
      <AmenitiesField
        id="listing-amenities"
        registration={register('amenities', { onChange: () => clearErrors('amenities') })}
        error={listMessage(errors.amenities)}
        disabled={saving}
      />
      <ListingPhotosField
        id="listing-photos"
        photos={photos}
        error={listMessage(errors.images)}
        disabled={saving}
      />
      <FormAlert message={errors.root?.message ?? null} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={saving || photos.uploading}>
          {saving || photos.uploading ? <Spinner className="size-4" /> : null}
          {label}
        </Button>
        <Link to="/host/stays" className={buttonClasses('secondary')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
