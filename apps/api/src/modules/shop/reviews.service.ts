import type { Review } from '@sokoni/contracts/shop';
import { REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import type { Db } from '../../db/client.js';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
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

  return {
    async listForProduct(productId: string): Promise<Review[]> {
      if (!isUuid(productId)) throw productNotFound();
      const [reviews, exists] = await Promise.all([
        repo.findReviewsByProduct(db, productId),
        productExists(db, productId),
      ]);
      if (!exists) throw productNotFound();
      return reviews.map(toReview);
    },

    /**
     * One review per user per product, never by its seller; the product's rating moves in the same
     * transaction. A review by someone who has paid for the product is marked a verified purchase,
     * as things stand when it is written.
     */
    async create(
      author: AuthUser,
      input: { productId: string; rating: number; comment: string },
    ): Promise<Review> {
      try {
        const id = await db.transaction(async (tx) => {
          const sellerId = await findSellerId(tx, input.productId);
          if (sellerId === undefined) throw productNotFound();
          if (sellerId === author.sub) throw forbidden(REVIEW_MESSAGES.ownProduct, 'OWN_PRODUCT');
          const verifiedPurchase = await repo.hasPaidFor(tx, author.sub, input.productId);
          if (!(await repo.addRatingToProduct(tx, input.productId, input.rating))) throw productNotFound();
          return repo.insertReview(tx, { ...input, userId: author.sub, verifiedPurchase });
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
