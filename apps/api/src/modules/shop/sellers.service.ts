import { SellerProfile } from '@sokoni/contracts/shop';
import { SELLER_MESSAGES } from '@sokoni/contracts/catalog';
import { kenyanPhoneE164 } from '@sokoni/contracts/delivery-rules';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { encodeJsonBody, type JsonBody } from '../../lib/json-body.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { meanRating } from './products.service.js';
import * as repo from './sellers.repository.js';

/** How long a seller's page is served from memory, as the catalogue's pages are. */
const PROFILE_TTL_MS = 5_000;

/** A seller's page kept with its encoded answer. */
type CachedSeller = { seller: SellerProfile; json: JsonBody };

export type SellersService = ReturnType<typeof createSellersService>;

export function createSellersService({ db, clock = systemClock }: { db: Db; clock?: Clock }) {
  /**
   * Sellers' pages, kept for a few seconds: all they show comes from the catalogue (listings, their
   * places, contacts and ratings) but the name and the day they joined, which never change; the
   * products service forgets them with the catalogue, here and in every other process.
   */
  const profiles = createTtlCache<CachedSeller | undefined>({
    ttlMs: PROFILE_TTL_MS,
    maxEntries: 5000,
    now: clock.now,
  });

  async function readProfile(id: string): Promise<CachedSeller | undefined> {
    const record = await repo.findSellerById(db, id);
    if (!record) return undefined;
    const seller: SellerProfile = {
      id: record.id,
      name: record.name,
      memberSince: record.createdAt.toISOString(),
      location: record.location,
      listingCount: record.listingCount,
      rating: meanRating(record.ratingSum, record.reviewCount),
      reviewCount: record.reviewCount,
      phone: record.contact === null ? null : kenyanPhoneE164(record.contact),
    };
    return { seller, json: encodeJsonBody(SellerProfile, seller) };
  }

  return {
    /**
     * Anyone's public seller page, and its encoded answer: every user is one, with no listings yet or
     * none left (listingCount 0). The rating is the mean of every review of their products, to one
     * decimal; the phone is the one their newest listing gives, when it gives one (the seller chooses
     * it as they list).
     */
    async get(id: string): Promise<CachedSeller> {
      const cached = isUuid(id) ? await profiles.get(id, () => readProfile(id)) : undefined;
      if (!cached) throw notFound(SELLER_MESSAGES.notFound, 'SELLER_NOT_FOUND');
      return cached;
    },

    /** Forgets every page kept: the catalogue they are counted from changed. */
    forget: () => profiles.clear(),
  };
}
