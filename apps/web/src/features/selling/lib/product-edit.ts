import { z } from 'zod';
import { CONDITIONS } from '@sokoni/contracts/catalog';
import type { Condition } from '@sokoni/contracts/catalog';
import { UpdateProductInput } from '@sokoni/contracts/shop';
import type { Product, UpdateProductInput as UpdateProductBody } from '@sokoni/contracts/shop';
import { toFieldErrors } from '@/lib/field-errors';
import type { FieldErrors } from '@/lib/field-errors';
import { parseOptionalPrice, parsePrice, parseQuantity } from '@/lib/parse-price';

export const EDIT_FIELDS = [
  'title',
  'description',
  'price',
  'originalPrice',
  'condition',
  'category',
  'stock',
] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type EditValues = Record<EditField, string>;

export function editValuesFrom(product: Product): EditValues {
  return {
    title: product.title,
    description: product.description,
    price: String(product.price),
    originalPrice: product.originalPrice === null ? '' : String(product.originalPrice),
    condition: product.condition,
    category: product.category,
    stock: String(product.stock),
  };
}

const isCondition = (value: string): value is Condition => (CONDITIONS as readonly string[]).includes(value);

/**
 * Spec §5: price parsed as a decimal number; an empty original price is sent as null (removing
 * it); the condition is sent only when it is one of New, Used, Refurbished.
 */
export function toUpdateProductBody(values: EditValues): UpdateProductBody {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: parsePrice(values.price),
    originalPrice: parseOptionalPrice(values.originalPrice),
    ...(isCondition(values.condition) ? { condition: values.condition } : {}),
    category: values.category as UpdateProductBody['category'],
    stock: parseQuantity(values.stock),
  };
}

const typed = z.string();

/**
 * The edit dialog as typed (every field a string), checked with PUT /products/{id}'s own rules
 * (the contracts' schema) on the body it would send; each issue's path names the form field.
 */
export const ProductEditSchema = z
  .object({
    title: typed,
    description: typed,
    price: typed,
    originalPrice: typed,
    condition: typed,
    category: typed,
    stock: typed,
  } satisfies Record<EditField, z.ZodString>)
  .transform(toUpdateProductBody)
  .pipe(UpdateProductInput);

/** The messages ProductEditSchema gives, per field: what the dialog's resolver shows. */
export function validateProductEdit(values: EditValues): FieldErrors<EditField> {
  const parsed = ProductEditSchema.safeParse(values);
  return parsed.success ? {} : toFieldErrors(parsed.error.issues, EDIT_FIELDS);
}
