import {
  Product,
  type Category,
  type CreateProductData,
  type ProductFacets,
  type ProductFilters,
  type UpdateProductData,
} from '@sokoni/contracts/shop';
import {
  CATEGORIES,
  NEW_LISTING_DAYS,
  PRODUCT_NOT_FOUND,
  categoryImagePath,
  SELL_MESSAGES,
  discountPercent,
  type CategoryId,
} from '@sokoni/contracts/catalog';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { centsToShillings, shillingsToCents } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../lib/errors.js';
import { holderOf, refuseBeyondHoldBounds } from '../../lib/hold-bounds.js';
import { isUuid } from '../../lib/ids.js';
import { requireAccess, type Access } from '../../lib/access.js';
import type { Standing } from '../../lib/standing.js';
import { encodeJsonBody, jsonArrayOf, type JsonBody } from '../../lib/json-body.js';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import * as repo from './products.repository.js';
import { createCatalogueIndex, isIndexed } from './catalogue-index.js';
import { systemClock, type Clock } from '../../lib/clock.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Trending: views + 5 × units sold over the last 7 days; the 24 best are flagged. A view counts once
 * per viewer per product per day; a buyer's units of a product count up to 3 a day; a seller's own
 * views and purchases count nothing (docs/decisions/0003). A view weighs by who looks: an
 * established account's 1, a new account's a tenth (throwaway accounts are made by the hundred in
 * seconds), a visitor's 1 for all visitors of their network; and all views of a product from one
 * network in a day weigh at most 3 together, however many accounts look from it.
 */
export const TRENDING = {
  days: 7,
  unitWeight: 5,
  limit: 24,
  unitsPerBuyerPerDay: 3,
  youngViewWeight: 0.1,
  viewsPerNetworkPerDay: 3,
} as const;

/** Past this many products whose trending score moved at once, the catalogue index is built afresh. */
const TRENDING_REREAD_MAX = 1000;

/** Who is looking: the network they look from (lib/standing.ts), and their account if signed in. */
export type Viewer = { network: string; account?: { id: string; young: boolean } };
/**
 * Totals and facets scan every matching row; they are kept for 10 s per filter. Pages and single
 * products are kept for 5 s, already encoded as JSON, so a busy catalogue page or a shared product
 * link is read from the database and encoded a few times a minute, not per shopper. A write clears
 * all of them at once, here and in every other process on the database (docs/decisions/0004, 0013).
 */
const AGGREGATE_TTL_MS = 10_000;
const PAGE_TTL_MS = 5_000;

/**
 * The filters that decide a total or a facet (paging and order do not), in a fixed order. `q` goes
 * last: every other value is an id, a number or a flag, so the free text cannot run into another
 * field. The keys are built by hand because they are built on every catalogue request.
 */
const AGGREGATE_FILTERS = [
  'category',
  'minPrice',
  'maxPrice',
  'condition',
  'featured',
  'trending',
  'seller',
  'ids',
  'q',
] as const;
type UnkeyedFilter = Exclude<
  keyof ProductFilters,
  (typeof AGGREGATE_FILTERS)[number] | 'sort' | 'limit' | 'offset'
>;
/** A filter added to ProductQuery must be added to the keys, or two different answers would share one. */
const everyFilterKeyed: [UnkeyedFilter] extends [never] ? true : UnkeyedFilter = true;
void everyFilterKeyed;

function aggregateKey(filters: ProductFilters): string {
  let key = '';
  for (const name of AGGREGATE_FILTERS) key += `${filters[name] ?? ''}|`;
  return key;
}

const pageKey = (filters: ProductFilters, aggregate: string) =>
  `${filters.sort ?? ''}|${filters.limit}|${filters.offset}|${aggregate}`;

/** The mean of `count` ratings adding up to `sum`, to one decimal; 0 with none. */
export const meanRating = (sum: number, count: number) =>
  count === 0 ? 0 : Math.round((sum / count) * 10) / 10;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

const ProductList = z.array(Product);
/** A page of the catalogue as its encoded answer, and how many products match its filters in all. */
type ProductPage = { json: JsonBody; total: number };

export type StockQuote = Awaited<ReturnType<typeof repo.findForSale>>[number];
export type StockLine = { productId: string; quantity: number };
export type StockHold = { reference: string; lines: StockLine[]; until: Date };
/** Who holds: their account, and their standing for the bounds on what one may hold unpaid. */
export type StockHolder = { userId: string; standing: Standing };

/** Why these lines cannot be had, naming the product: gone, sold out or short; undefined if they can. */
export function shortfall(quotes: StockQuote[], lines: StockLine[]): AppError | undefined {
  const byId = new Map(quotes.map((quote) => [quote.id, quote]));
  for (const line of lines) {
    const quote = byId.get(line.productId);
    if (!quote) return badRequest(ORDER_MESSAGES.productUnavailable, 'PRODUCT_UNAVAILABLE');
    if (quote.available <= 0) return conflict(ORDER_MESSAGES.soldOut(quote.title), 'SOLD_OUT');
    if (quote.available < line.quantity) {
      return conflict(ORDER_MESSAGES.notEnoughStock(quote.title, quote.available), 'NOT_ENOUGH_STOCK');
    }
  }
  return undefined;
}

/** A product kept with its encoded answer. */
type CachedProduct = { product: Product; json: JsonBody };

export type ProductsService = ReturnType<typeof createProductsService>;

/** Anyone sees a listing; only its seller changes or deletes it. */
const sellerAccess: Access<{ sellerId: string }> = {
  ownerOf: (product) => product.sellerId,
  notFound: () => notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND'),
  notOwner: () => forbidden(SELL_MESSAGES.notOwner, 'NOT_OWNER'),
};

export function createProductsService(deps: {
  db: Db;
  uploads: Pick<UploadsService, 'claim'>;
  /** Keys the viewer hashes kept for trending, so the stored keys never give away an address. */
  viewerKeySecret: string;
  clock?: Clock;
  /** How the other server processes on the database hear of changes (alone: none). */
  caches?: CacheBus;
  /** What else is made of the catalogue (sellers' pages), forgotten with it here and in every process. */
  forgetWithCatalogue?: () => void;
}) {
  const { db } = deps;
  const { now } = deps.clock ?? systemClock;
  /** Views are collected in memory and written in batches: a product page view never waits on a write. */
  let pendingViews = new Map<string, Set<string>>();
  const keyed = (value: string) =>
    createHmac('sha256', deps.viewerKeySecret).update(value).digest('hex').slice(0, 32);
  /**
   * `who:standing:network` (repo.addProductViews), each part keyed: a visitor is their network, so all
   * visitors of one network are one viewer.
   */
  const viewerKey = ({ network, account }: Viewer) => {
    const place = keyed(`net:${network}`);
    if (!account) return `${place}:${repo.VIEWER_STANDING.visitor}:${place}`;
    const standing = account.young ? repo.VIEWER_STANDING.young : repo.VIEWER_STANDING.established;
    return `${keyed(`user:${account.id}`)}:${standing}:${place}`;
  };
  const totals = createTtlCache<number>({ ttlMs: AGGREGATE_TTL_MS, maxEntries: 500, now });
  const facetSets = createTtlCache<repo.Facets>({ ttlMs: AGGREGATE_TTL_MS, maxEntries: 200, now });
  // A page is kept from its second asking: pages asked once would push out the ones shoppers share.
  const pages = createTtlCache<ProductPage>({
    ttlMs: PAGE_TTL_MS,
    maxEntries: 1000,
    now,
    fromSecondAsking: true,
  });
  const byId = createTtlCache<CachedProduct | undefined>({ ttlMs: PAGE_TTL_MS, maxEntries: 5000, now });
  const caches = deps.caches ?? localCacheBus;
  const catalogueChanged = caches.topic('products', () => {
    totals.clear();
    facetSets.clear();
    pages.clear();
    byId.clear();
    deps.forgetWithCatalogue?.();
  });
  const index = createCatalogueIndex(db, now);
  /** A product's price, category, condition, flags or seller changed (or, without an id, many). */
  const listingChanged = caches.topic('product-listing', index.forget);
  /** A product listed, changed or gone: its answer and the pages it is on, here and in every process. */
  const productChanged = async (id: string) => {
    await listingChanged(undefined, id);
    await catalogueChanged();
  };

  const toProduct = (record: repo.ProductRecord): Product => {
    const price = centsToShillings(record.priceCents);
    const originalPrice =
      record.originalPriceCents === null ? null : centsToShillings(record.originalPriceCents);
    return {
      id: record.id,
      title: record.title,
      description: record.description,
      price,
      originalPrice,
      discount: discountPercent(price, originalPrice),
      category: record.category as CategoryId,
      condition: record.condition,
      image: record.images,
      seller: { id: record.sellerId, name: record.sellerName },
      sellerContact: record.sellerContact,
      shopLocation: record.shopLocation,
      stock: record.stock,
      available: Math.max(0, record.available),
      rating: meanRating(record.ratingSum, record.reviewCount),
      reviewCount: record.reviewCount,
      isNew: now() - record.createdAt.getTime() < NEW_LISTING_DAYS * DAY_MS,
      isFeatured: record.isFeatured,
      isTrending: record.isTrending,
      createdAt: record.createdAt.toISOString(),
      ...(record.hiddenAt ? { moderation: { hiddenReason: record.hiddenReason ?? '' } } : {}),
    };
  };

  const answerOf = (record: repo.ProductRecord): CachedProduct => {
    const product = toProduct(record);
    return { product, json: encodeJsonBody(Product, product) };
  };

  const cachedProduct = (id: string): Promise<CachedProduct | undefined> =>
    isUuid(id)
      ? byId.get(id, async () => {
          const record = await repo.findProductById(db, id, new Date(now()));
          return record && answerOf(record);
        })
      : Promise.resolve(undefined);

  /** These products' answers, in this order: those not kept are read in one statement. */
  async function cachedProducts(ids: string[]): Promise<CachedProduct[]> {
    const found = await byId.getMany(
      ids,
      async (missing) => {
        const records = await repo.findProductsByIds(db, missing, new Date(now()));
        return new Map(records.map((record) => [record.id, answerOf(record)]));
      },
      undefined,
    );
    // A product deleted (or hidden by moderators) after its page was chosen is left out.
    return found.filter(
      (product): product is CachedProduct => product !== undefined && !product.product.moderation,
    );
  }

  /** A page of the catalogue chosen by the index: its products' kept answers, one after the other. */
  async function indexedPage(filters: ProductFilters): Promise<ProductPage> {
    const { ids, total } = await index.page(filters);
    const found = await cachedProducts(ids);
    return { json: jsonArrayOf(found.map((product) => product.json)), total };
  }

  /**
   * A seller's own list: their products moderators hid among the rest, each with its reason. Asked
   * for by the seller alone, it is read as it is, never kept.
   */
  async function ownPage(filters: ProductFilters): Promise<ProductPage> {
    const page = await repo.findProductPage(db, filters, new Date(now()), true, true);
    const total = page.total ?? (await repo.countProducts(db, filters, true));
    return { json: encodeJsonBody(ProductList, page.records.map(toProduct)), total };
  }

  /** A page of a search or of the cart's ids, from the database with its total. */
  async function queriedPage(filters: ProductFilters, aggregate: string): Promise<ProductPage> {
    // The page brings its total along in the same statement, unless the total is still kept; past
    // the end it has none to bring, and the total is counted.
    const page = repo.findProductPage(db, filters, new Date(now()), !totals.has(aggregate));
    const total = totals.get(aggregate, async () => (await page).total ?? repo.countProducts(db, filters));
    const json = encodeJsonBody(ProductList, (await page).records.map(toProduct));
    return { json, total: await total };
  }

  /** A listing shows the seller's own uploads (or sample images) only. */
  async function claimImages(tx: Db, caller: AuthUser, images: string[]): Promise<void> {
    if (!(await deps.uploads.claim(tx, caller, images)))
      throw badRequest(SELL_MESSAGES.foreignImage, 'FOREIGN_IMAGE');
  }

  async function findOrThrow(id: string): Promise<repo.ProductRecord> {
    const record = isUuid(id) ? await repo.findProductById(db, id, new Date(now())) : undefined;
    if (!record) throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
    return record;
  }

  return {
    listCategories(): Category[] {
      return CATEGORIES.map((category) => ({ ...category, backgroundImage: categoryImagePath(category.id) }));
    },

    /**
     * One page of the catalogue as its encoded answer, and the total under the same filters. Asked
     * for by `ids` (the cart), every one of them is one page, whatever the limit and offset. A
     * seller asking for their own (`seller` is the caller, `callerId`) also gets those moderators hid.
     */
    async list(query: ProductFilters, callerId?: string): Promise<ProductPage> {
      if (query.seller !== undefined && query.seller === callerId) return ownPage(query);
      const filters = query.ids ? { ...query, limit: query.ids.length, offset: 0 } : query;
      const aggregate = aggregateKey(filters);
      return pages.get(pageKey(filters, aggregate), () =>
        isIndexed(filters) ? indexedPage(filters) : queriedPage(filters, aggregate),
      );
    },

    async facets(filters: ProductFilters): Promise<ProductFacets> {
      const facets = await facetSets.get(aggregateKey(filters), () => repo.findFacets(db, filters));
      return {
        total: facets.total,
        minPrice: facets.minCents === null ? null : centsToShillings(facets.minCents),
        maxPrice: facets.maxCents === null ? null : centsToShillings(facets.maxCents),
        categories: facets.categories.map((row) => ({ id: row.id as CategoryId, count: row.count })),
        conditions: facets.conditions,
      };
    },

    /**
     * One product and its encoded answer. One moderators hid is its seller's (`callerId`) alone, with
     * the reason; anyone else meets it as not found.
     */
    async get(id: string, callerId?: string): Promise<CachedProduct> {
      const cached = await cachedProduct(id);
      if (!cached || (cached.product.moderation && cached.product.seller.id !== callerId))
        throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
      return cached;
    },

    /**
     * A shopper's look at a product's page, towards trending: once a day per viewer, weighed by
     * their standing and their network (TRENDING), never the seller's own. Asked for by the page
     * itself, not by reading the product, so a page whose product came inside its HTML is counted
     * all the same, and a link preview is not.
     */
    async recordView(id: string, viewer: Viewer): Promise<void> {
      const cached = await cachedProduct(id);
      if (!cached) throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
      const { id: productId, seller } = cached.product;
      if (viewer.account?.id === seller.id) return;
      if (cached.product.moderation) throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
      let viewers = pendingViews.get(productId);
      if (!viewers) pendingViews.set(productId, (viewers = new Set()));
      viewers.add(viewerKey(viewer));
    },

    /** A paid order's units count towards trending (in the paying transaction). */
    async recordSale(tx: Db, sale: { orderId: string; buyerId: string }): Promise<void> {
      await repo.addUnitsSold(tx, { ...sale, day: dayOf(now()), cap: TRENDING.unitsPerBuyerPerDay });
    },

    /**
     * What an order for these products would be priced at, and what can be bought of each now
     * (locked against a change of price until the transaction ends).
     */
    async quoteForOrder(tx: Db, ids: string[]): Promise<StockQuote[]> {
      return repo.findForSale(tx, ids, { at: new Date(now()), lock: 'share' });
    },

    /**
     * Holds the units of a payment until `until`, all or none: a line with fewer units left than
     * asked is refused, naming the product. Products are locked while their holds are counted and
     * taken, so two buyers (in any two server processes) can never hold the same last unit.
     */
    async holdStock(tx: Db, hold: StockHold, by: StockHolder): Promise<void> {
      const at = new Date(now());
      // Counted under the buyer's own lock (the engine's) before the products' rows are locked, so
      // those, which every buyer waits on, are held no longer than the sale needs.
      const held = await repo.unitsHeld(tx, holderOf(by.userId, by.standing, at));
      const heldOfProduct = new Map(held.map((row) => [row.productId, row]));
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      refuseBeyondHoldBounds('units', by.standing, {
        subjects: hold.lines.map((line) => ({
          wanted: line.quantity,
          account: heldOfProduct.get(line.productId)?.account ?? 0,
          network: heldOfProduct.get(line.productId)?.network ?? 0,
        })),
        total: {
          wanted: sum(hold.lines.map((line) => line.quantity)),
          account: sum(held.map((row) => row.account)),
          network: sum(held.map((row) => row.network)),
        },
      });
      const quotes = await repo.findForSale(
        tx,
        hold.lines.map((line) => line.productId),
        { at, lock: 'update' },
      );
      const refusal = shortfall(quotes, hold.lines);
      if (refusal) throw refusal;
      await repo.insertHolds(tx, hold.reference, hold.lines, hold.until);
      await catalogueChanged(tx);
    },

    /**
     * Sells a paid payment's units: its own hold, or, if that has lapsed or was given back, what is
     * still free. False when the units are gone (the payment must be refunded); nothing changes then.
     */
    async sellStock(tx: Db, sale: Omit<StockHold, 'until'>): Promise<boolean> {
      // A product hidden since its units were held is still sold: the buyer has paid.
      const quotes = await repo.findForSale(
        tx,
        sale.lines.map((line) => line.productId),
        { at: new Date(now()), lock: 'update', except: sale.reference, withHidden: true },
      );
      if (shortfall(quotes, sale.lines)) return false;
      for (const line of sale.lines) await repo.removeFromStock(tx, line.productId, line.quantity);
      await repo.endHolds(tx, sale.reference, 'sold');
      await catalogueChanged(tx);
      return true;
    },

    /**
     * Puts the units of cancelled order lines back on sale (#27). Rows are written in product id
     * order, the order a sale locks them in, so a sale and a cancellation never wait on each other.
     */
    async restock(tx: Db, lines: StockLine[]): Promise<void> {
      if (lines.length === 0) return;
      const ordered = [...lines].sort((a, b) =>
        a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
      );
      for (const line of ordered) await repo.returnToStock(tx, line.productId, line.quantity);
      await catalogueChanged(tx);
    },

    /** Gives a payment's held units back (a no-op for units already sold or given back). */
    async releaseStock(tx: Db, reference: string): Promise<void> {
      await repo.endHolds(tx, reference, 'released');
      await catalogueChanged(tx);
    },

    /** Something outside this service changed what products show (a review moved a rating). */
    catalogueChanged,

    /**
     * Moderators hid these products or showed them again, or moved their ratings (#28), in `tx`:
     * forgotten by the index and the kept answers here and in every process once it commits.
     */
    async moderated(tx: Db, ids: string[]): Promise<void> {
      for (const id of ids) await listingChanged(tx, id);
      await catalogueChanged(tx);
    },

    /** A product row (read with the repository's product columns) as shoppers see it. */
    present: toProduct,

    /** Lists a product for the caller: the seller is whoever is signed in, whatever the body says. */
    async create(caller: AuthUser, input: CreateProductData): Promise<Product> {
      const id = await db.transaction(async (tx) => {
        await claimImages(tx, caller, input.image);
        return repo.insertProduct(tx, {
          title: input.title,
          description: input.description,
          priceCents: shillingsToCents(input.price),
          originalPriceCents: input.originalPrice == null ? null : shillingsToCents(input.originalPrice),
          category: input.category,
          condition: input.condition,
          images: input.image,
          sellerId: caller.sub,
          sellerContact: input.sellerContact,
          shopLocation: input.shopLocation,
          stock: input.stock,
        });
      });
      await productChanged(id);
      return toProduct(await findOrThrow(id));
    },

    /** Only the seller changes a listing; the prices are checked together after the change. */
    async update(caller: AuthUser, id: string, input: UpdateProductData): Promise<Product> {
      const current = requireAccess(caller, await findOrThrow(id), sellerAccess);
      const priceCents = input.price === undefined ? current.priceCents : shillingsToCents(input.price);
      const originalPriceCents =
        input.originalPrice === undefined
          ? current.originalPriceCents
          : input.originalPrice === null
            ? null
            : shillingsToCents(input.originalPrice);
      if (originalPriceCents !== null && originalPriceCents < priceCents) {
        throw badRequest(SELL_MESSAGES.originalPriceBelowPrice, 'ORIGINAL_PRICE_BELOW_PRICE');
      }
      await db.transaction(async (tx) => {
        if (input.image) await claimImages(tx, caller, input.image);
        if (input.stock !== undefined) {
          // Locked, so no hold is taken between the check and the change.
          await repo.findForSale(tx, [id], { at: new Date(now()), lock: 'update', withHidden: true });
          const held = await repo.findHeldUnits(tx, id, new Date(now()));
          if (input.stock < held) throw conflict(SELL_MESSAGES.stockBelowHeld(held), 'STOCK_BELOW_HELD');
        }
        await repo.updateProduct(tx, id, {
          title: input.title,
          description: input.description,
          priceCents,
          originalPriceCents,
          category: input.category,
          condition: input.condition,
          images: input.image,
          sellerContact: input.sellerContact,
          shopLocation: input.shopLocation,
          stock: input.stock,
        });
      });
      await productChanged(id);
      return toProduct(await findOrThrow(id));
    },

    /** Only the seller deletes a listing; past orders keep their own copy of what was bought. */
    async remove(caller: AuthUser, id: string): Promise<void> {
      const sellerId = isUuid(id) ? await repo.findSellerId(db, id) : undefined;
      requireAccess(caller, sellerId === undefined ? undefined : { sellerId }, sellerAccess);
      await repo.deleteProduct(db, id);
      await productChanged(id);
    },

    /** Featured is an editorial flag: only an admin sets it. */
    /** For admins: the route lets no one else in. */
    async setFeatured(id: string, isFeatured: boolean): Promise<Product> {
      if (!isUuid(id) || !(await repo.setFeatured(db, id, isFeatured))) {
        throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
      }
      await productChanged(id);
      return toProduct(await findOrThrow(id));
    },

    async flushViews(): Promise<void> {
      if (pendingViews.size === 0) return;
      const batch = pendingViews;
      pendingViews = new Map();
      const views = [...batch].flatMap(([productId, viewers]) =>
        [...viewers].map((viewer) => ({ productId, viewer })),
      );
      await repo.addProductViews(db, dayOf(now()), views, {
        young: TRENDING.youngViewWeight,
        perNetwork: TRENDING.viewsPerNetworkPerDay,
      });
    },

    async refreshTrending(): Promise<void> {
      await repo.deleteProductViewsBefore(db, dayOf(now() - DAY_MS));
      const moved = await repo.refreshTrending(db, {
        sinceDay: dayOf(now() - (TRENDING.days - 1) * DAY_MS),
        unitWeight: TRENDING.unitWeight,
        limit: TRENDING.limit,
      });
      if (moved.length === 0) return;
      // The index reads again only the products whose score or flag moved (a minute's views move a
      // few), not the whole catalogue every minute: at 100,000 products that build took a second and
      // some 100 MB for a moment, in every process. Past TRENDING_REREAD_MAX it is built afresh. Here
      // before the job is done; in the other processes as they hear of it.
      if (moved.length > TRENDING_REREAD_MAX) await listingChanged();
      else for (const id of moved) await listingChanged(undefined, id);
      await index.settled();
      await catalogueChanged();
    },
  };
}
