import { z } from 'zod';

/** Spec §3 says "21 fixed categories" and lists 22; all 22 are served (DESIGN §6). */
export const CATEGORIES = [
  { id: 'electronics', name: 'Electronics', icon: '💻' },
  { id: 'fashion', name: 'Fashion', icon: '👗' },
  { id: 'groceries-non-perishable', name: 'Dry Goods', icon: '🌾' },
  { id: 'automotive', name: 'Automotive', icon: '🚗' },
  { id: 'furniture', name: 'Furniture', icon: '🛋️' },
  { id: 'phones', name: 'Phones', icon: '📱' },
  { id: 'books-media', name: 'Books & Media', icon: '📚' },
  { id: 'home-improvement', name: 'Home Improvement', icon: '🔨' },
  { id: 'toys-games', name: 'Toys & Games', icon: '🧸' },
  { id: 'music-instruments', name: 'Music Instruments', icon: '🎸' },
  { id: 'baby-products', name: 'Baby Products', icon: '🍼' },
  { id: 'sports-outdoors', name: 'Sports & Outdoors', icon: '⚽' },
  { id: 'photography', name: 'Photography', icon: '📷' },
  { id: 'art-crafts', name: 'Art & Crafts', icon: '🎨' },
  { id: 'garden-patio', name: 'Garden & Patio', icon: '🌻' },
  { id: 'beverages', name: 'Beverages', icon: '☕' },
  { id: 'travel-accessories', name: 'Travel Accessories', icon: '🧳' },
  { id: 'pet-supplies', name: 'Pet Supplies', icon: '🐾' },
  { id: 'jewelry-watches', name: 'Jewelry & Watches', icon: '⌚' },
  { id: 'camping-hiking', name: 'Camping & Hiking', icon: '⛺' },
  { id: 'office-supplies', name: 'Office Supplies', icon: '📎' },
  { id: 'health-beauty', name: 'Health & Beauty', icon: '💄' },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]['id'];
export const CATEGORY_IDS = CATEGORIES.map((category) => category.id) as [CategoryId, ...CategoryId[]];
export const categoryImagePath = (id: string) => `/images/categories/${id}.webp`;

export const Category = z.object({
  id: z.enum(CATEGORY_IDS),
  name: z.string(),
  icon: z.string(),
  backgroundImage: z.string(),
});
export type Category = z.infer<typeof Category>;

export const CONDITIONS = ['New', 'Used', 'Refurbished'] as const;
export const Condition = z.enum(CONDITIONS);
export type Condition = z.infer<typeof Condition>;

export const PRODUCT_SORTS = ['price-asc', 'price-desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const PRODUCT_PAGE_SIZE = 24;
export const PRODUCT_PAGE_MAX = 100;
/** Default bounds of the price filter before the catalogue's own are known (spec §9). */
export const DEFAULT_PRICE_BOUNDS = { min: 0, max: 100_000 } as const;
export const PRICE_STEP = 100;
/** The product page treats a product with this exact title as the featured e-book (spec §2). */
export const EBOOK_TITLE = 'E-book1';
/** A listing is shown as New for this long after it is listed. */
export const NEW_LISTING_DAYS = 14;

/** Spec §5: round((originalPrice - price) / originalPrice * 100), only when price < originalPrice. */
export function discountPercent(price: number, originalPrice: number | null | undefined): number | null {
  if (!originalPrice || originalPrice <= 0 || !(price < originalPrice)) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const money = z.coerce.number().finite().min(0, 'Prices cannot be negative.');

/** GET /products and /products/facets: every filter runs in the database. */
export const ProductQuery = z
  .object({
    q: z.string().trim().max(100, 'Search text is too long.').optional(),
    category: z
      .union([z.enum(CATEGORY_IDS), z.array(z.enum(CATEGORY_IDS))], 'Unknown category.')
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .optional(),
    minPrice: money.optional(),
    maxPrice: money.optional(),
    condition: Condition.optional(),
    sort: z.enum(PRODUCT_SORTS).optional(),
    featured: flag.optional(),
    trending: flag.optional(),
    seller: z.uuid('Unknown seller.').optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be between 1 and 100.')
      .max(PRODUCT_PAGE_MAX, 'limit must be between 1 and 100.')
      .default(PRODUCT_PAGE_SIZE),
    offset: z.coerce.number().int().min(0, 'offset cannot be negative.').default(0),
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
  rating: z.number(),
  reviewCount: z.number().int(),
  isNew: z.boolean(),
  isFeatured: z.boolean(),
  isTrending: z.boolean(),
  createdAt: z.iso.datetime(),
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

export const REVIEW_MESSAGES = {
  loginRequired: 'Login to leave a review.',
  ratingRange: 'Please choose a rating from 1 to 5.',
  alreadyReviewed: 'You have already reviewed this product.',
  productNotFound: 'Product not found.',
  commentTooLong: 'Reviews can be at most 2,000 characters.',
} as const;

export const CreateReviewInput = z.object({
  productId: z.uuid(REVIEW_MESSAGES.productNotFound),
  rating: z
    .number(REVIEW_MESSAGES.ratingRange)
    .int(REVIEW_MESSAGES.ratingRange)
    .min(1, REVIEW_MESSAGES.ratingRange)
    .max(5, REVIEW_MESSAGES.ratingRange),
  comment: z.string().trim().max(2000, REVIEW_MESSAGES.commentTooLong).default(''),
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
});
export type Review = z.infer<typeof Review>;
