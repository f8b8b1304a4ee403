import { CATEGORY_IDS } from '@sokoni/contracts/catalog';
import { shillingsToCents } from '@sokoni/contracts/money';
import { insertDailyStats, insertProduct } from '../modules/shop/products.repository.js';
import { addRatingToProduct, insertReview } from '../modules/shop/reviews.repository.js';
import { renderArt } from './art.js';
import { SAMPLE_PRODUCTS } from './catalogue.js';
import type { SeedContext } from './context.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const REVIEW_COMMENTS: Array<[number, string]> = [
  [5, 'Delivered the same day in Nairobi, exactly as described. Asante sana!'],
  [4, 'Good quality for the price. Seller answered quickly on WhatsApp.'],
  [5, 'Genuine item, well packed. Will buy again.'],
  [3, 'Okay overall, delivery took three days to Kisumu.'],
  [4, 'Works well so far. Paid on delivery, no stress.'],
  [2, 'Smaller than I expected from the photos.'],
  [5, 'Excellent! My family loves it.'],
];

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The sample catalogue with generated images, some featured, some trending, some reviewed. */
export async function seedShop({ db, files, now, users }: SeedContext): Promise<void> {
  const reviewers = [...users.entries()].filter(([key]) => key.startsWith('reviewer-')).map(([, id]) => id);
  for (const [index, sample] of SAMPLE_PRODUCTS.entries()) {
    // The category sets the colour family; each listing shifts it a little so neighbours differ.
    const hue = (CATEGORY_IDS.indexOf(sample.category) * 47 + (index % 6) * 14) % 360;
    const images: string[] = [];
    for (let n = 0; n < (sample.images ?? 1); n += 1) {
      const art = await renderArt(`${sample.title}#${n}`, (hue + n * 25) % 360, sample.subject, { view: n });
      images.push(await files.save('sample', 'webp', art));
    }
    const sellerId = users.get(sample.seller);
    if (!sellerId) throw new Error(`sample seller ${sample.seller} was not seeded`);
    // Spread listings over the last 45 days; the newest few carry the New badge.
    const createdAt = new Date(now - ((index * 17) % 45) * DAY_MS - index * 60_000);
    const productId = await insertProduct(db, {
      title: sample.title,
      description: sample.description,
      priceCents: shillingsToCents(sample.price),
      originalPriceCents: sample.originalPrice === undefined ? null : shillingsToCents(sample.originalPrice),
      category: sample.category,
      condition: sample.condition,
      images,
      sellerId,
      sellerContact: sample.seller === 'brian' ? '+254 722 555 014' : '+254 711 300 220',
      shopLocation: sample.location,
      isFeatured: sample.featured ?? false,
      // A used item is one of a kind; shops stock new goods by the dozen, and a few run low.
      stock: sample.condition === 'Used' ? 1 : [24, 12, 3, 40, 2, 9][index % 6],
      createdAt,
      updatedAt: createdAt,
    });

    if (sample.buzz) {
      const { views, sold } = sample.buzz;
      await insertDailyStats(
        db,
        [0, 1, 2].map((daysAgo) => ({
          productId,
          day: dayOf(now - daysAgo * DAY_MS),
          views: Math.round(views / 3),
          unitsSold: daysAgo === 0 ? sold - 2 * Math.floor(sold / 3) : Math.floor(sold / 3),
        })),
      );
    }

    const reviewCount = index % 4 === 0 ? 3 : index % 3 === 0 ? 1 : 0;
    for (let r = 0; r < reviewCount && r < reviewers.length; r += 1) {
      const [rating, comment] = REVIEW_COMMENTS[(index + r) % REVIEW_COMMENTS.length] ?? [5, ''];
      await addRatingToProduct(db, productId, rating);
      await insertReview(db, {
        productId,
        userId: reviewers[(index + r) % reviewers.length] ?? '',
        rating,
        comment,
        createdAt: new Date(Math.min(createdAt.getTime() + (r + 1) * DAY_MS, now - (r + 1) * HOUR_MS)),
      });
    }
  }
}
