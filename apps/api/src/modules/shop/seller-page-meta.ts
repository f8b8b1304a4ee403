import type { PageMeta } from '../../lib/page-meta.js';
import { AppError } from '../../lib/errors.js';
import type { SellersService } from './sellers.service.js';

const SELLER_PAGE = /^\/sellers\/([^/]+)\/?$/;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The preview of a shared seller link (a seller passing their shop around on WhatsApp): their name,
 * and how many listings, where, how rated and since when.
 */
export async function sellerPageMeta(
  sellers: SellersService,
  path: string,
): Promise<Omit<PageMeta, 'url'> | null> {
  const id = SELLER_PAGE.exec(path)?.[1];
  if (!id) return null;
  try {
    const { seller } = await sellers.get(id);
    return {
      title: `${seller.name} | Sokoni`,
      description: [
        plural(seller.listingCount, 'listing'),
        seller.location,
        seller.reviewCount > 0
          ? `Rated ${seller.rating.toFixed(1)} from ${plural(seller.reviewCount, 'review')}`
          : null,
        `Member since ${seller.memberSince.slice(0, 4)}`,
      ]
        .filter(Boolean)
        .join(' · '),
    };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}
