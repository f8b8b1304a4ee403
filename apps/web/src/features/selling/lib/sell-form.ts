import { z } from 'zod';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import { CreateProductInput } from '@sokoni/contracts/shop';
import { UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import type { CreateProductInput as CreateProductBody } from '@sokoni/contracts/shop';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toFieldErrors } from '@/lib/field-errors';
import type { FieldErrors } from '@/lib/field-errors';
import { parseOptionalPrice, parsePrice, parseQuantity } from '@/lib/parse-price';
import { MissingUploadUrlError } from '@/lib/upload-image';

export const SELL_FIELDS = [
  'title',
  'description',
  'price',
  'originalPrice',
  'condition',
  'category',
  'sellerContact',
  'shopLocation',
  'stock',
  'image',
] as const;
export type SellField = (typeof SELL_FIELDS)[number];
export type SellValues = Record<Exclude<SellField, 'image'>, string>;

export const EMPTY_SELL_VALUES: SellValues = {
  title: '',
  description: '',
  price: '',
  originalPrice: '',
  condition: '',
  category: '',
  sellerContact: '',
  shopLocation: '',
  stock: '1',
};

/** The request body for POST /products from what the seller typed and the uploaded image urls. */
export function toCreateProductBody(values: SellValues, imageUrls: string[]): CreateProductBody {
  const originalPrice = parseOptionalPrice(values.originalPrice);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: parsePrice(values.price),
    ...(originalPrice === null ? {} : { originalPrice }),
    condition: values.condition as CreateProductBody['condition'],
    category: values.category as CreateProductBody['category'],
    sellerContact: values.sellerContact.trim(),
    shopLocation: values.shopLocation.trim(),
    stock: parseQuantity(values.stock),
    image: imageUrls,
  };
}

const typed = z.string();

/**
 * The sell form as typed (every field a string), checked with POST /products' own rules (the
 * contracts' schema) on the body it would send: the server's messages, before anything is
 * uploaded. Each issue's path is a body field, named as the form field it came from. Images are
 * checked (type, size, count) when picked.
 */
export const SellFormSchema = z
  .object({
    title: typed,
    description: typed,
    price: typed,
    originalPrice: typed,
    condition: typed,
    category: typed,
    sellerContact: typed,
    shopLocation: typed,
    stock: typed,
  } satisfies Record<keyof SellValues, z.ZodString>)
  .transform((values) => toCreateProductBody(values, []))
  .pipe(CreateProductInput);

/** The messages SellFormSchema gives, per field: what the form's resolver shows. */
export function validateSellForm(values: SellValues): FieldErrors<SellField> {
  const parsed = SellFormSchema.safeParse(values);
  return parsed.success ? {} : toFieldErrors(parsed.error.issues, SELL_FIELDS);
}

/**
 * Spec §8: the server's message, else the error's own message (a network failure), else the
 * screen's fallback. An API error without a message for users (none sent, or a 5xx) gets the
 * fallback rather than its technical text.
 */
export function failureReason(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return errorMessage(error, fallback);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export const creationFailedMessage = (error: unknown) =>
  `Failed: ${failureReason(error, SELL_MESSAGES.creationFailed)}`;

export function uploadFailedMessage(error: unknown): string {
  if (error instanceof MissingUploadUrlError) return error.message;
  return `Upload failed: ${failureReason(error, UPLOAD_MESSAGES.uploadFailed)}`;
}
