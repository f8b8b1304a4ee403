import { z } from 'zod';
import {
  CANCELLATION_POLICIES,
  DEFAULT_CANCELLATION_POLICY,
  type CancellationPolicy,
} from '@sokoni/contracts/cancellation-rules';
import type { ErrorCode } from '@sokoni/contracts/error-codes';
import { CreateStayInput, UpdateStayInput } from '@sokoni/contracts/stays';
import { STAY_AMENITIES } from '@sokoni/contracts/stays-rules';
import type { Stay } from '@sokoni/contracts/stays';
import type { StayAmenity } from '@sokoni/contracts/stays-rules';
import { apiFieldErrors } from '@/lib/field-errors';
import type { FieldErrors } from '@/lib/field-errors';
import { parsePrice, parseQuantity } from '@/lib/parse-price';

/** The listing form's fields, named as POST and PUT /stays name them. */
export const LISTING_FIELDS = [
  'title',
  'description',
  'location',
  'pricePerNight',
  'bedrooms',
  'bathrooms',
  'guests',
  'amenities',
  'images',
  'cancellationPolicy',
] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

/** As typed; `images` holds the uploaded photos' urls in order (the first is the cover). */
export type ListingFormValues = {
  title: string;
  description: string;
  location: string;
  pricePerNight: string;
  bedrooms: string;
  bathrooms: string;
  guests: string;
  amenities: StayAmenity[];
  images: string[];
  cancellationPolicy: CancellationPolicy;
};

export const EMPTY_LISTING_VALUES: ListingFormValues = {
  title: '',
  description: '',
  location: '',
  pricePerNight: '',
  bedrooms: '1',
  bathrooms: '1',
  guests: '2',
  amenities: [],
  images: [],
  cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
};

/** The edit form starts from the listing as it stands. */
export function listingFormValues(stay: Stay): ListingFormValues {
  return {
    title: stay.title,
    description: stay.description,
    location: stay.location,
    pricePerNight: String(stay.pricePerNight),
    bedrooms: String(stay.bedrooms),
    bathrooms: String(stay.bathrooms),
    guests: String(stay.guests),
    // In the filter's order, whatever order the listing keeps them in.
    amenities: STAY_AMENITIES.filter((amenity) => stay.amenities.includes(amenity)),
    images: [...stay.images],
    cancellationPolicy: stay.cancellationPolicy,
  };
}

/** The request body from what the host typed: numbers parsed, NaN left for the contract to refuse. */
export function toListingBody(values: ListingFormValues) {
  return {
    title: values.title,
    description: values.description,
    location: values.location,
    pricePerNight: parsePrice(values.pricePerNight),
    bedrooms: parseQuantity(values.bedrooms),
    bathrooms: parseQuantity(values.bathrooms),
    guests: parseQuantity(values.guests),
    amenities: values.amenities,
    images: values.images,
    cancellationPolicy: values.cancellationPolicy,
  };
}

const typed = z.string();
const ListingFormShape = z.object({
  title: typed,
  description: typed,
  location: typed,
  pricePerNight: typed,
  bedrooms: typed,
  bathrooms: typed,
  guests: typed,
  amenities: z.array(z.enum(STAY_AMENITIES)),
  images: z.array(z.string()),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
} satisfies Record<ListingField, z.ZodType>);

/**
 * The form as typed, checked with the contract's own rules on the body it would send, so a field
 * shows the very message the server would answer; the output is that body.
 */
export const CreateListingFormSchema = ListingFormShape.transform((values): CreateStayInput =>
  toListingBody(values),
).pipe(CreateStayInput);
export const UpdateListingFormSchema = ListingFormShape.transform((values): UpdateStayInput =>
  toListingBody(values),
).pipe(UpdateStayInput);

/** Refusals the server words for one field without naming it in `issues`. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, ListingField>> = { FOREIGN_IMAGE: 'images' };

/**
 * The server's messages about the form's fields, per field (a photo's or an amenity's names its
 * place in the list, 'images.3').
 */
export const serverFieldErrors = (error: unknown): FieldErrors<ListingField> =>
  apiFieldErrors(error, LISTING_FIELDS, FIELD_OF_CODE);
