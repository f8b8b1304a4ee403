// Catalogue constants and rules, free of zod so any screen can use them without loading it.
import { moneyMessages } from './money.js';

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

export const CONDITIONS = ['New', 'Used', 'Refurbished'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const PRODUCT_SORTS = ['price-asc', 'price-desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * How wide a product card's photo shows (the `sizes` of its `srcset`): two cards a row on a phone,
 * three from 640 px, three or four in a page at most 72rem wide from 1024 px (web's ProductGrid).
 * The server preloads a page's first photo with the same.
 */
export const PRODUCT_CARD_IMAGE_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw';

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

/** Answered for any unknown product id, by the product page and the reviews alike. */
export const PRODUCT_NOT_FOUND = 'Product not found.';

/** The longest review comment. */
export const REVIEW_COMMENT_MAX_LENGTH = 2000;

export const REVIEW_MESSAGES = {
  loginRequired: 'Login to leave a review.',
  ratingRange: 'Please choose a rating from 1 to 5.',
  alreadyReviewed: 'You have already reviewed this product.',
  ownProduct: 'You cannot review your own product.',
  /** #28: a review needs an order of the product that arrived. */
  notABuyer: 'Only buyers whose order arrived can review this product.',
  notArrived: 'Your order of this product has not arrived yet: you can review it once it does.',
  verifiedPurchase: 'Verified purchase',
  productNotFound: PRODUCT_NOT_FOUND,
  commentTooLong: `Reviews can be at most ${REVIEW_COMMENT_MAX_LENGTH.toLocaleString('en-KE')} characters.`,
} as const;

/** The product page's ways to reach the seller and to pass the product on (#15). */
export const PRODUCT_CONTACT = {
  call: 'Call',
  whatsapp: 'Chat on WhatsApp',
  save: 'Save to wishlist',
  /** The chat a WhatsApp link opens with: the product's name and its link. */
  whatsappMessage: (title: string, url: string) => `Hello, I'm interested in "${title}" on Sokoni: ${url}`,
  /** What a share sends beside the link. */
  shareText: (title: string, price: string) => `${title} for ${price} on Sokoni`,
} as const;

export const TITLE_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 5000;

/** The most units one listing can offer. */
export const STOCK_MAX = 10_000;

export const SELL_MESSAGES = {
  requiredFields: 'Please fill all required fields',
  pricePositive: moneyMessages('Price').tooSmall,
  originalPriceBelowPrice: 'Original price cannot be lower than the price.',
  condition: 'Choose a condition: New, Used or Refurbished.',
  category: 'Choose a category from the list.',
  sellerContact: 'Seller contact is required.',
  tooManyImages: 'You can add at most 8 images.',
  stock: `Quantity available must be a whole number from 0 to ${STOCK_MAX.toLocaleString('en-KE')}.`,
  stockBelowHeld: (held: number) =>
    `${held} of this listing ${held === 1 ? 'is' : 'are'} held for buyers paying now: Quantity available cannot go below that.`,
  foreignImage: 'Images must be uploaded to Sokoni first.',
  titleTooLong: `Titles can be at most ${TITLE_MAX_LENGTH} characters.`,
  descriptionTooLong: `Descriptions can be at most ${DESCRIPTION_MAX_LENGTH} characters.`,
  loginRequired: 'Login required',
  notOwner: 'Only the seller can change this product.',
  uploaded: 'Product uploaded!',
  creationFailed: 'Product creation failed',
  updateFailed: 'Failed to update product.',
  loadFailed: 'Failed to load your products. Please try again later.',
  deleteFailed: 'Failed to delete product. Try again.',
  deleteConfirm: 'Are you sure you want to delete this product?',
  signedOut: 'Please log in to view your products.',
} as const;

export const SELLER_MESSAGES = {
  notFound: 'Seller not found.',
  loadFailed: "We couldn't load this seller. Please check your connection.",
  noListings: 'This seller has nothing listed right now.',
  /** The chat a WhatsApp link on a seller's page opens with: their page's link. */
  whatsappMessage: (url: string) => `Hello, I found your shop on Sokoni: ${url}`,
} as const;

export const WISHLIST_MAX = 500;
export const WISHLIST_MESSAGES = {
  full: `A wishlist holds at most ${WISHLIST_MAX} products.`,
  empty: 'Your wishlist is empty.',
  emptyHint: 'Tap the heart on a product to keep it here.',
  loadFailed: 'Failed to load your wishlist.',
  saveFailed: 'Your wishlist could not be updated. Please try again.',
} as const;
