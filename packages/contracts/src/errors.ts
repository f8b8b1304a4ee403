import { z } from 'zod';

/**
 * Every code an API failure can carry. Clients branch on these, never on the message text, which
 * is written for people and may change. A code names what went wrong, not the HTTP status.
 */
export const ERROR_CODES = [
  // Any route
  'VALIDATION_FAILED',
  'MALFORMED_REQUEST',
  'BODY_TOO_LARGE',
  'URL_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'ROUTE_NOT_FOUND',
  'RATE_LIMITED',
  'REQUEST_REFUSED',
  'INTERNAL_ERROR',
  // Who may call
  'AUTH_REQUIRED',
  'ADMIN_ONLY',
  'INVALID_TOKEN',
  'ACCOUNT_GONE',
  // Accounts
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'TOO_MANY_SIGN_IN_FAILURES',
  'USER_NOT_FOUND',
  // Shop
  'PRODUCT_NOT_FOUND',
  'NOT_OWNER',
  'FOREIGN_IMAGE',
  'ORIGINAL_PRICE_BELOW_PRICE',
  'ALREADY_REVIEWED',
  'OWN_PRODUCT',
  'SELLER_NOT_FOUND',
  'WISHLIST_FULL',
  // Orders and payments
  'ORDER_NOT_FOUND',
  'DUPLICATE_PRODUCT',
  'PRODUCT_UNAVAILABLE',
  'PRICE_CHANGED',
  'SOLD_OUT',
  'NOT_ENOUGH_STOCK',
  'OWN_LISTING',
  'STOCK_BELOW_HELD',
  'ALREADY_PAID',
  'AMOUNT_MISMATCH',
  'PAYMENT_TYPE_UNAVAILABLE',
  'CALLBACK_NOT_ALLOWED',
  'PAYMENT_NOT_FOUND',
  'PROVIDER_UNAVAILABLE',
  'BAD_SIGNATURE',
  'BAD_WEBHOOK',
  // Sales
  'SALE_NOT_FOUND',
  'NOT_PAID_YET',
  'ALREADY_SHIPPED',
  'NOT_SHIPPED_YET',
  'ALREADY_DELIVERED',
  // Community
  'THREAD_NOT_FOUND',
  'GROUP_NOT_FOUND',
  'REPLY_NOT_FOUND',
  'GROUP_NAME_TAKEN',
  'FOREIGN_ATTACHMENT',
  'PARENT_NOT_IN_THREAD',
  'ALREADY_VOTED',
  'OWN_REPLY',
  // Events and tickets
  'EVENT_NOT_FOUND',
  'EVENT_DATE_PAST',
  'EVENT_PAST',
  'NOT_ENOUGH_SEATS',
  'CAPACITY_BELOW_TAKEN',
  'FREE_EVENT',
  'PAID_EVENT',
  'CLAIM_LIMIT',
  'TICKET_NOT_FOUND',
  'NOT_EVENT_ORGANIZER',
  'ALREADY_CHECKED_IN',
  // Stays
  'STAY_NOT_FOUND',
  'NOT_HOST',
  'STAY_DATES_INVALID',
  'DATES_TAKEN',
  'BLOCK_NOT_FOUND',
  'REVIEW_NOT_ELIGIBLE',
  // Stay bookings
  'BOOKING_NOT_FOUND',
  'OWN_STAY',
  'TOO_MANY_HELD_BOOKINGS',
  'BOOKING_NOT_HELD',
  'BOOKING_CONFIRMED',
  'CANNOT_CANCEL',
  'PAYMENT_IN_PROGRESS',
  // Courses
  'COURSE_NOT_FOUND',
  'NOT_INSTRUCTOR',
  'FOREIGN_MEDIA',
  'LESSON_NOT_FOUND',
  'LESSON_CONTENT_INVALID',
  'LESSON_RELEASE_TOO_FAR',
  'TOO_MANY_LESSONS',
  'PAYMENT_REQUIRED',
  'FREE_COURSE',
  'ALREADY_ENROLLED',
  'OWN_COURSE',
  'NOT_ENROLLED',
  'LESSON_LOCKED',
  'CERTIFICATE_NOT_FOUND',
  // Uploads
  'NO_FILE',
  'NOT_MULTIPART',
  'UNREADABLE_UPLOAD',
  'UNREADABLE_IMAGE',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'WRONG_FOLDER',
  'UPLOAD_QUOTA_UNUSED',
  'UPLOAD_QUOTA_TOTAL',
  'STORAGE_FULL',
  'UNREADABLE_PDF',
  'MEDIA_LINK_INVALID',
  'MEDIA_NOT_FOUND',
  'RANGE_NOT_SATISFIABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Messages of failures that belong to no one feature. */
export const ERROR_MESSAGES = {
  internal: 'Something went wrong on our side. Please try again.',
  invalidValue: 'Invalid value.',
  invalidRequest: 'Invalid request.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  /** The path as asked, cut to 200 characters: a refusal never grows with what a client sends. */
  routeNotFound: (method: string, path: string) =>
    `Route ${method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path} not found`,
} as const;

/** The one error shape every API failure answers with (DESIGN §5), with its code beside the message. */
export const ErrorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
