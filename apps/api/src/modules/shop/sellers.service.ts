import type { SellerProfile } from '@sokoni/contracts/shop';
import { SELLER_MESSAGES } from '@sokoni/contracts/catalog';
import { kenyanPhoneE164 } from '@sokoni/contracts/delivery-rules';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { meanRating } from './products.service.js';
import * as repo from './sellers.repository.js';

export type SellersService = ReturnType<typeof createSellersService>;

export function createSellersService({ db }: { db: Db }) {
  return {
    /**
     * Anyone's public seller page: every user is one, with no listings yet or none left
     * (listingCount 0). The rating is the mean of every review of their products, to one decimal; the
     * phone is the one their newest listing gives, when it gives one (the seller chooses it as they list).
     */
    async get(id: string): Promise<SellerProfile> {
      const seller = isUuid(id) ? await repo.findSellerById(db, id) : undefined;
      if (!seller) throw notFound(SELLER_MESSAGES.notFound, 'SELLER_NOT_FOUND');
      return {
        id: seller.id,
        name: seller.name,
        memberSince: seller.createdAt.toISOString(),
        location: seller.location,
        listingCount: seller.listingCount,
        rating: meanRating(seller.ratingSum, seller.reviewCount),
        reviewCount: seller.reviewCount,
        phone: seller.contact === null ? null : kenyanPhoneE164(seller.contact),
      };
    },
  };
}
