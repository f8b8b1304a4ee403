import type { ReviewStanding } from '@sokoni/contracts/reviews';
import type { Review } from '@sokoni/contracts/shop';
import { REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import type { Db } from '../../db/client.js';
import { conflict, forbidden, isUniqueViolation, notFound, type AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/tokens.js';
import { findSellerId, productExists } from './products.repository.js';
import * as repo from './reviews.repository.js';

const toReview = (record: repo.ReviewRecord): Review => ({
  id: record.id,
  productId: record.productId,
  userId: record.userId,
  rating: record.rating,
  comment: record.comment,
  user: { name: record.userName },
  date: record.createdAt.toISOString(),
  verifiedPurchase: record.verifiedPurchase,
  ...(record.hiddenAt ? { moderation: { hiddenReason: record.hiddenReason ?? '' } } : {}),
});

export type ReviewsService = ReturnType<typeof createReviewsService>;

export function createReviewsService({
  db,
  onRatingChanged,
}: {
  db: Db;
  onRatingChanged: () => Promise<void>;
}) {
  const productNotFound = () => notFound(REVIEW_MESSAGES.productNotFound, 'PRODUCT_NOT_FOUND');

  /**
   * Why `author` may not review the product now, or null: its seller never may; a review is one
   * per buyer; only a buyer whose order of it arrived may write it. An unknown product: not found.
   */
  async function refusalOf(tx: Db, author: AuthUser, productId: string): Promise<AppError | null> {
    const sellerId = await findSellerId(tx, productId);
    if (sellerId === undefined) throw productNotFound();
    if (sellerId === author.sub) return forbidden(REVIEW_MESSAGES.ownProduct, 'OWN_PRODUCT');
    if (await repo.hasReviewed(tx, author.sub, productId))
      return conflict(REVIEW_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
    const purchase = await repo.findPurchaseOf(tx, author.sub, productId);
    if (!purchase.bought) return forbidden(REVIEW_MESSAGES.notABuyer, 'REVIEW_NOT_ELIGIBLE');
    if (!purchase.arrived) return forbidden(REVIEW_MESSAGES.notArrived, 'REVIEW_NOT_YET');
    return null;
  }

  return {
    /** The product's reviews; one moderators hid is shown to its author alone (`viewerId`), with why. */
    async listForProduct(productId: string, viewerId?: string): Promise<Review[]> {
      if (!isUuid(productId)) throw productNotFound();
      const [reviews, exists] = await Promise.all([
        repo.findReviewsByProduct(db, productId, viewerId),
        productExists(db, productId),
      ]);
      if (!exists) throw productNotFound();
      return reviews.map(toReview);
    },

    /** Whether the caller may review the product now, or why not (#28: the page offers only that). */
    async standing(caller: AuthUser, productId: string): Promise<ReviewStanding> {
      if (!isUuid(productId)) throw productNotFound();
      const refusal = await refusalOf(db, caller, productId);
      return refusal
        ? { canReview: false, code: refusal.code, message: refusal.message }
        : { canReview: true, code: null, message: null };
    },

    /**
     * One review per user per product, by a buyer whose order of it arrived (so every one is a
     * verified purchase), never by its seller; the product's rating moves in the same transaction.
     */
    async create(
      author: AuthUser,
      input: { productId: string; rating: number; comment: string },
    ): Promise<Review> {
      try {
        const id = await db.transaction(async (tx) => {
          const refusal = await refusalOf(tx, author, input.productId);
          if (refusal) throw refusal;
          if (!(await repo.addRatingToProduct(tx, input.productId, input.rating))) throw productNotFound();
          return repo.insertReview(tx, { ...input, userId: author.sub, verifiedPurchase: true });
        });
        await onRatingChanged();
        const review = await repo.findReviewById(db, id);
        if (!review) throw new Error(`review ${id} vanished after insert`);
        return toReview(review);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(REVIEW_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
        throw error;
      }
    },
  };
}
