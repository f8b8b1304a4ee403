import { PRODUCT_NOT_FOUND, WISHLIST_MAX, WISHLIST_MESSAGES } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { ProductsService } from './products.service.js';
import * as repo from './wishlist.repository.js';

export type WishlistService = ReturnType<typeof createWishlistService>;

/** Products a signed-in user keeps to buy later, on any device (#15); deleted products drop out. */
export function createWishlistService(deps: {
  db: Db;
  products: Pick<ProductsService, 'present'>;
  clock?: Clock;
}) {
  const { db, products } = deps;
  const { now } = deps.clock ?? systemClock;

  return {
    async list(caller: AuthUser): Promise<Product[]> {
      const records = await repo.findWishlistProducts(db, caller.sub, new Date(now()));
      return records.map(products.present);
    },

    /**
     * Saves a product (saving it again changes nothing). A wishlist holds at most WISHLIST_MAX:
     * the user's saves are taken one at a time, so two at once cannot pass the limit together.
     */
    async save(caller: AuthUser, productId: string): Promise<void> {
      const productNotFound = () => notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
      if (!isUuid(productId)) throw productNotFound();
      await db.transaction(async (tx) => {
        await repo.lockWishlist(tx, caller.sub);
        if (!(await repo.lockProduct(tx, productId))) throw productNotFound();
        if (await repo.isSaved(tx, caller.sub, productId)) return;
        if ((await repo.countSaved(tx, caller.sub)) >= WISHLIST_MAX) {
          throw conflict(WISHLIST_MESSAGES.full, 'WISHLIST_FULL');
        }
        await repo.insertItem(tx, { userId: caller.sub, productId, createdAt: new Date(now()) });
      });
    },

    /** Forgets a saved product; one that was not saved (or does not exist) is already forgotten. */
    async remove(caller: AuthUser, productId: string): Promise<void> {
      if (isUuid(productId)) await repo.deleteItem(db, caller.sub, productId);
    },
  };
}
