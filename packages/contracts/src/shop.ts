import { z } from 'zod';
import {
  CATEGORY_IDS,
  CONDITIONS,
  PRODUCT_PAGE_MAX,
  PRODUCT_PAGE_SIZE,
  PRODUCT_SORTS,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_MESSAGES,
  SELL_MESSAGES,
  STOCK_MAX,
  DESCRIPTION_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from './catalog.js';
import { ORDER_LINES_MAX } from './checkout.js';
import { moneyMessages } from './money.js';
import { ModerationNotice } from './moderation.js';
import { priceFilter, shillings } from './money-schema.js';
import { pageMessages, pageQuery } from './paging.js';
import { block, line } from './text.js';
import { PRODUCT_IMAGES_MAX } from './uploads.js';

export const Category = z.object({
  id: z.enum(CATEGORY_IDS),
  name: z.string(),
  icon: z.string(),
  backgroundImage: z.string(),
});
export type Category = z.infer<typeof Category>;

export const Condition = z.enum(CONDITIONS);

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /products and /products/facets: every filter runs in the database. */
export const ProductQuery = z
  .object({
    q: line().trim().max(100, 'Search text is too long.').optional(),
    category: z
      .union([z.enum(CATEGORY_IDS), z.array(z.enum(CATEGORY_IDS))], 'Unknown category.')
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .optional(),
    minPrice: priceFilter.optional(),
    maxPrice: priceFilter.optional(),
    condition: Condition.optional(),
    sort: z.enum(PRODUCT_SORTS).optional(),
    featured: flag.optional(),
    trending: flag.optional(),
    seller: z.uuid('Unknown seller.').optional(),
    /** #15: these products only (comma-separated), sold out or not: the cart refreshes its lines. */
    ids: z
      .string()
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(
        z
          .array(z.uuid('Unknown product.'))
          .min(1, 'Ask for at least one product.')
          .max(ORDER_LINES_MAX, `Ask for at most ${ORDER_LINES_MAX} products.`),
      )
      .optional(),
    ...pageQuery({
      defaultLimit: PRODUCT_PAGE_SIZE,
      maxLimit: PRODUCT_PAGE_MAX,
      messages: pageMessages(PRODUCT_PAGE_MAX),
    }).shape,
  })
  .refine(
    (query) =>
      query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
    {
      message: 'minPrice cannot be above maxPrice.',
      path: ['minPrice'],
    },
  );
export type ProductQuery = z.input<typeof ProductQuery>;
export type ProductFilters = z.output<typeof ProductQuery>;

export const Product = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  discount: z.number().nullable(),
  category: z.enum(CATEGORY_IDS),
  condition: Condition,
  image: z.array(z.string()),
  seller: z.object({ id: z.string(), name: z.string() }),
  sellerContact: z.string(),
  shopLocation: z.string(),
  /** Units on hand (the seller's figure). */
  stock: z.number().int(),
  /** Units a shopper can buy now: the stock less what is held for buyers paying. */
  available: z.number().int(),
  rating: z.number(),
  reviewCount: z.number().int(),
  isNew: z.boolean(),
  isFeatured: z.boolean(),
  isTrending: z.boolean(),
  createdAt: z.iso.datetime(),
  /** #28: set only on an item moderators hid, shown to its owner alone (everyone else: not found). */
  moderation: ModerationNotice.optional(),
});
export type Product = z.infer<typeof Product>;

export const ProductFacets = z.object({
  total: z.number().int(),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  categories: z.array(z.object({ id: z.enum(CATEGORY_IDS), count: z.number().int() })),
  conditions: z.array(z.object({ condition: Condition, count: z.number().int() })),
});
export type ProductFacets = z.infer<typeof ProductFacets>;

export const SetFeaturedInput = z.object({ isFeatured: z.boolean() });

export const CreateReviewInput = z.object({
  productId: z.uuid(REVIEW_MESSAGES.productNotFound),
  rating: z
    .number(REVIEW_MESSAGES.ratingRange)
    .int(REVIEW_MESSAGES.ratingRange)
    .min(1, REVIEW_MESSAGES.ratingRange)
    .max(5, REVIEW_MESSAGES.ratingRange),
  comment: block().trim().max(REVIEW_COMMENT_MAX_LENGTH, REVIEW_MESSAGES.commentTooLong).default(''),
});
export type CreateReviewInput = z.input<typeof CreateReviewInput>;

export const Review = z.object({
  id: z.string(),
  productId: z.string(),
  userId: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  user: z.object({ name: z.string() }),
  date: z.iso.datetime(),
  /** #15: its author had paid for the product when they wrote it. */
  verifiedPurchase: z.boolean(),
  /** #28: set only on an item moderators hid, shown to its owner alone (everyone else: not found). */
  moderation: ModerationNotice.optional(),
});
export type Review = z.infer<typeof Review>;

/** GET /sellers/{id}: a seller's public page (their listings come from GET /products?seller=). */
export const SellerProfile = z.object({
  id: z.string(),
  name: z.string(),
  memberSince: z.iso.datetime(),
  /** The shop location of their newest listing that names one; null when none does. */
  location: z.string().nullable(),
  listingCount: z.number().int(),
  /** Mean of the reviews of all their products, to one decimal; 0 with none. */
  rating: z.number(),
  reviewCount: z.number().int(),
  /**
   * #28: the number to call or WhatsApp them on (E.164): the contact of their newest listing, when it
   * is a Kenyan phone number; null when it is something else or they list nothing.
   */
  phone: z.string().nullable(),
});
export type SellerProfile = z.infer<typeof SellerProfile>;

/** An image of a listing must be one of ours: an upload (or a sample image) served under /api/uploads. */
const ProductImage = z
  .string()
  .regex(/^\/api\/uploads\/(products|sample)\/[a-f0-9]{32}\.webp$/, SELL_MESSAGES.foreignImage);
const required = (text: typeof line) =>
  text(SELL_MESSAGES.requiredFields).trim().min(1, SELL_MESSAGES.requiredFields);

const productFields = {
  title: required(line).max(TITLE_MAX_LENGTH, SELL_MESSAGES.titleTooLong),
  description: required(block).max(DESCRIPTION_MAX_LENGTH, SELL_MESSAGES.descriptionTooLong),
  price: shillings('Price', SELL_MESSAGES.requiredFields),
  originalPrice: shillings('Original price', moneyMessages('Original price').tooSmall).nullable(),
  condition: z.enum(CONDITIONS, SELL_MESSAGES.condition),
  category: z.enum(CATEGORY_IDS, SELL_MESSAGES.category),
  sellerContact: line(SELL_MESSAGES.sellerContact).trim().min(1, SELL_MESSAGES.sellerContact).max(60),
  shopLocation: line().trim().max(120),
  image: z.array(ProductImage).max(PRODUCT_IMAGES_MAX, SELL_MESSAGES.tooManyImages),
  stock: z
    .number(SELL_MESSAGES.stock)
    .int(SELL_MESSAGES.stock)
    .min(0, SELL_MESSAGES.stock)
    .max(STOCK_MAX, SELL_MESSAGES.stock),
};

const originalNotBelowPrice = (input: { price?: number; originalPrice?: number | null }) =>
  input.originalPrice === undefined ||
  input.originalPrice === null ||
  input.price === undefined ||
  input.originalPrice >= input.price;

/** POST /products. The seller is the caller, whatever the body says; discount is always derived. */
export const CreateProductInput = z
  .object({
    ...productFields,
    originalPrice: productFields.originalPrice.optional(),
    shopLocation: productFields.shopLocation.default(''),
    image: productFields.image.default([]),
    stock: productFields.stock.default(1),
  })
  .refine(originalNotBelowPrice, { message: SELL_MESSAGES.originalPriceBelowPrice, path: ['originalPrice'] });
export type CreateProductInput = z.input<typeof CreateProductInput>;
export type CreateProductData = z.output<typeof CreateProductInput>;

/** PUT /products/{id}: the fields to change (the rest stay as they are). */
export const UpdateProductInput = z
  .object(productFields)
  .partial()
  .refine(originalNotBelowPrice, { message: SELL_MESSAGES.originalPriceBelowPrice, path: ['originalPrice'] });
export type UpdateProductInput = z.input<typeof UpdateProductInput>;
export type UpdateProductData = z.output<typeof UpdateProductInput>;
