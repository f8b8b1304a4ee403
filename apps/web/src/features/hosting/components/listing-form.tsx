import { useController } from 'react-hook-form';
import type { FieldError, Merge } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_TEXTS,
  type CancellationPolicy,
} from '@sokoni/contracts/cancellation-rules';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { Button, buttonClasses } from '@/components/button';
import { FeeHint } from '@/components/fee-hint';
import { FieldHint } from '@/components/field-frame';
import { Form, useFormTools } from '@/components/form';
import type { FormTools } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorMessage, hasCode } from '@/lib/api-client';
import { useListingPhotos } from '../hooks/use-listing-photos';
import { serverFieldErrors } from '../lib/listing-form';
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
  const send = (body: Body, form: FormTools<ListingFormValues, Body>) =>
    save(body, {
      onSuccess: () => {
        toast.success(successMessage);
        navigate('/host/stays');
      },
      onError: (error) => {
        toast.error(STAY_MESSAGES.listingSaveFailed);
        form.showServerErrors(
          serverFieldErrors(error),
          hasCode(error, 'NOT_HOST') ? STAY_MESSAGES.notHost : errorMessage(error, ''),
        );
      },
    });

  return (
    <Form
      schema={schema}
      defaultValues={defaultValues}
      onSubmit={send}
      disabled={saving}
      focusInvalid
      className="space-y-5"
      aria-busy={saving}
    >
      <ListingFields
        initialImages={defaultValues.images}
        initialPolicy={defaultValues.cancellationPolicy}
        saving={saving}
        submitLabel={submitLabel}
      />
    </Form>
  );
}

type ListingFieldsProps = {
  initialImages: string[];
  initialPolicy: CancellationPolicy;
  saving: boolean;
  submitLabel: string;
};

function ListingFields({ initialImages, initialPolicy, saving, submitLabel }: ListingFieldsProps) {
  const {
    control,
    register,
    clearErrors,
    field,
    formState: { errors },
  } = useFormTools<ListingFormValues>();
  const { field: imagesField } = useController({ control, name: 'images' });
  const photos = useListingPhotos(initialImages, (urls) => {
    imagesField.onChange(urls);
    clearErrors('images');
  });

  let label = submitLabel;
  if (photos.uploading) label = 'Uploading photos...';
  else if (saving) label = 'Saving...';

  return (
    <>
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
          hint={<FeeHint vertical="stays" name="pricePerNight" />}
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
          hint={<FieldHint>The most guests the place sleeps.</FieldHint>}
          {...field('guests')}
        />
      </div>
      <SelectField
        id="listing-cancellation-policy"
        label="Cancellation policy"
        defaultValue={initialPolicy}
        {...field('cancellationPolicy')}
      >
        {CANCELLATION_POLICIES.map((policy) => (
          <option key={policy} value={policy}>
            {CANCELLATION_POLICY_TEXTS[policy].label}: {CANCELLATION_POLICY_TEXTS[policy].rule}
          </option>
        ))}
      </SelectField>
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
    </>
  );
}
