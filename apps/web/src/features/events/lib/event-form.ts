import { z } from 'zod';
import type { ErrorCode } from '@sokoni/contracts/error-codes';
import { CreateEventInput } from '@sokoni/contracts/events';
import type {
  CreateEventData,
  CreateEventInput as CreateEventBody,
  Event,
  UpdateEventInput,
} from '@sokoni/contracts/events';
import { EVENT_MESSAGES, nairobiDateTimeLocal } from '@sokoni/contracts/events-rules';
import { apiFieldErrors } from '@/lib/field-errors';
import type { FieldErrors } from '@/lib/field-errors';
import { parsePrice, parseQuantity } from '@/lib/parse-price';

/** The event form's fields, named as POST /events names them ('ticketsAvailable' is the capacity). */
export const EVENT_FIELDS = [
  'title',
  'date',
  'location',
  'category',
  'price',
  'ticketsAvailable',
  'description',
  'image',
] as const;
export type EventField = (typeof EVENT_FIELDS)[number];
/** As typed; `date` is a datetime-local value, `image` the uploaded image's url ('' until then). */
export type EventFormValues = Record<EventField, string>;

export const EMPTY_EVENT_VALUES: EventFormValues = {
  title: '',
  date: '',
  location: '',
  category: '',
  price: '',
  ticketsAvailable: '',
  description: '',
  image: '',
};

/** Kenya keeps UTC+3 all year (no daylight saving), so one offset fits every date. */
const NAIROBI_OFFSET = '+03:00';
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?$/;

/**
 * A datetime-local value read as Nairobi time, whatever the device's own zone:
 * '2026-11-20T18:00' → '2026-11-20T18:00:00+03:00'. Anything else is passed on for the schema to refuse.
 */
export function nairobiIso(local: string): string {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match) return local.trim();
  return `${match[1]}${match[2] ?? ':00'}${NAIROBI_OFFSET}`;
}

/** Spec §5: an empty price or number of tickets becomes 0 (a free event; no seats yet). */
const blankOrZero = (value: string, parse: (text: string) => number) =>
  value.trim() === '' ? 0 : parse(value);

/** The request body for POST /events from what the organizer typed and the uploaded image's url. */
export function toCreateEventBody(values: EventFormValues): CreateEventBody {
  return {
    title: values.title,
    date: nairobiIso(values.date),
    location: values.location,
    category: values.category as CreateEventBody['category'],
    price: blankOrZero(values.price, parsePrice),
    ticketsAvailable: blankOrZero(values.ticketsAvailable, parseQuantity),
    description: values.description,
    image: values.image,
  };
}

/** The form's values for an event as it stands: its time in Nairobi, its seats in all. */
export function eventFormValues(event: Event): EventFormValues {
  return {
    title: event.title,
    date: nairobiDateTimeLocal(Date.parse(event.date)),
    location: event.location,
    category: event.category,
    price: String(event.price),
    ticketsAvailable: String(event.capacity),
    description: event.description,
    image: event.image,
  };
}

const typed = z.string();

const EventFormShape = z.object({
  title: typed,
  date: typed,
  location: typed,
  category: typed,
  price: typed,
  ticketsAvailable: typed,
  description: typed,
  image: typed,
} satisfies Record<EventField, z.ZodString>);

/**
 * The form as typed, checked with POST /events' own rules (the contracts' schema) on the body it
 * would send: the server's messages, 'Please upload an event image.' among them. A date in the
 * past is refused before anything is sent (the server checks again, with its own clock), unless it
 * is `unchanged` (an event that has taken place keeps its date when edited).
 */
const checkedEventForm = (unchanged?: string) =>
  EventFormShape.transform(toCreateEventBody)
    .pipe(CreateEventInput)
    .refine((body) => body.date === unchanged || Date.parse(body.date) > Date.now(), {
      message: EVENT_MESSAGES.datePast,
      path: ['date'],
    });

/** Create Event: the form's output is POST /events' body. */
export const EventFormSchema = checkedEventForm();

/**
 * Edit event: the same fields and rules, for PATCH /events/{id}: the tickets field is the capacity,
 * and the date is sent only when it changed.
 */
export function updateEventFormSchema(event: Event) {
  const unchanged = nairobiIso(eventFormValues(event).date);
  return checkedEventForm(unchanged).transform((body: CreateEventData): UpdateEventInput => ({
    title: body.title,
    ...(body.date === unchanged ? {} : { date: body.date }),
    location: body.location,
    category: body.category,
    price: body.price,
    capacity: body.ticketsAvailable,
    description: body.description,
    image: body.image,
  }));
}

/** What Create Event asks before publishing an event with no tickets (spec §5: empty is 0). */
export const NO_TICKETS_CONFIRM = {
  title: 'Publish with no tickets?',
  description:
    'Tickets available is empty or 0, so nobody can buy or claim a ticket. You can add tickets later with Edit on Your Events.',
  confirm: 'Publish anyway',
  keep: 'Add tickets',
} as const;

/** Refusals the server words for one field without naming it in `issues`. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, EventField>> = {
  EVENT_DATE_PAST: 'date',
  FOREIGN_IMAGE: 'image',
  PRICE_LOCKED: 'price',
  CAPACITY_BELOW_TAKEN: 'ticketsAvailable',
};

/** The server's messages about the form's fields, per field. */
export const serverFieldErrors = (error: unknown): FieldErrors<EventField> =>
  apiFieldErrors(error, EVENT_FIELDS, FIELD_OF_CODE);
