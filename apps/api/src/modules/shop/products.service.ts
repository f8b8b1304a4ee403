import type {
  Category,
  CreateProductData,
  Product,
  ProductFacets,
  ProductFilters,
  UpdateProductData,
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
import { centsToShillings, shillingsToCents } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { AuthUser } from '../../lib/tokens.js';
import * as repo from './products.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Trending: views + 5 × units sold over the last 7 days; the 24 best are flagged (docs/decisions/0003). */
export const TRENDING = { days: 7, unitWeight: 5, limit: 24 } as const;
/**
 * Totals and facets scan every matching row; they are kept for 10 s per filter. Pages and single
 * products are kept for 5 s, so a busy catalogue page or a shared product link is read from the
 * database a few times a minute, not per shopper. Writes through this process clear all of them at
 * once (docs/decisions/0004).
 */
const AGGREGATE_TTL_MS = 10_000;
const PAGE_TTL_MS = 5_000;

const pageKey = (filters: ProductFilters) => JSON.stringify(filters, Object.keys(filters).sort());

/** The filters that decide a total or a facet (paging and order do not). */
const aggregateKey = ({ limit: _limit, offset: _offset, sort: _sort, ...filters }: ProductFilters) =>
  JSON.stringify(filters, Object.keys(filters).sort());

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

export type ProductsService = ReturnType<typeof createProductsService>;

export function createProductsService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  /** Views are counted in memory and written in batches: a product page view never waits on a write. */
  let pendingViews = new Map<string, number>();
  const totals = createTtlCache<number>({ ttlMs: AGGREGATE_TTL_MS, maxEntries: 500, now });
  const facetSets = createTtlCache<repo.Facets>({ ttlMs: AGGREGATE_TTL_MS, maxEntries: 200, now });
  const pages = createTtlCache<repo.ProductRecord[]>({ ttlMs: PAGE_TTL_MS, maxEntries: 1000, now });
  const byId = createTtlCache<repo.ProductRecord | undefined>({ ttlMs: PAGE_TTL_MS, maxEntries: 5000, now });
  const forgetCached = () => {
    totals.clear();
    facetSets.clear();
    pages.clear();
    byId.clear();
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
      rating: record.reviewCount === 0 ? 0 : Math.round((record.ratingSum / record.reviewCount) * 10) / 10,
      reviewCount: record.reviewCount,
      isNew: now() - record.createdAt.getTime() < NEW_LISTING_DAYS * DAY_MS,
      isFeatured: record.isFeatured,
      isTrending: record.isTrending,
      createdAt: record.createdAt.toISOString(),
    };
  };

  async function findOrThrow(id: string): Promise<repo.ProductRecord> {
    const record = isUuid(id) ? await repo.findProductById(db, id) : undefined;
    if (!record) throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
    return record;
  }

  return {
    listCategories(): Category[] {
      return CATEGORIES.map((category) => ({ ...category, backgroundImage: categoryImagePath(category.id) }));
    },

    async list(filters: ProductFilters): Promise<{ items: Product[]; total: number }> {
      const [records, total] = await Promise.all([
        pages.get(pageKey(filters), () => repo.findProducts(db, filters)),
        totals.get(aggregateKey(filters), () => repo.countProducts(db, filters)),
      ]);
      return { items: records.map(toProduct), total };
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

    /** One product; a shopper's look counts towards trending, a link preview's does not. */
    async get(id: string, { countView = true } = {}): Promise<Product> {
      const record = isUuid(id) ? await byId.get(id, () => repo.findProductById(db, id)) : undefined;
      if (!record) throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
      const product = toProduct(record);
      if (countView) pendingViews.set(product.id, (pendingViews.get(product.id) ?? 0) + 1);
      return product;
    },

    /** Something outside this service changed what products show (a review moved a rating). */
    catalogueChanged: forgetCached,

    /** Lists a product for the caller: the seller is whoever is signed in, whatever the body says. */
    async create(caller: AuthUser, input: CreateProductData): Promise<Product> {
      const id = await repo.insertProduct(db, {
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
      });
      forgetCached();
      return toProduct(await findOrThrow(id));
    },

    /** Only the seller changes a listing; the prices are checked together after the change. */
    async update(caller: AuthUser, id: string, input: UpdateProductData): Promise<Product> {
      const current = await findOrThrow(id);
      if (current.sellerId !== caller.sub) throw forbidden(SELL_MESSAGES.notOwner, 'NOT_OWNER');
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
      await repo.updateProduct(db, id, {
        title: input.title,
        description: input.description,
        priceCents,
        originalPriceCents,
        category: input.category,
        condition: input.condition,
        images: input.image,
        sellerContact: input.sellerContact,
        shopLocation: input.shopLocation,
      });
      forgetCached();
      return toProduct(await findOrThrow(id));
    },

    /** Only the seller deletes a listing; past orders keep their own copy of what was bought. */
    async remove(caller: AuthUser, id: string): Promise<void> {
      const sellerId = isUuid(id) ? await repo.findSellerId(db, id) : undefined;
      if (!sellerId) throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
      if (sellerId !== caller.sub) throw forbidden(SELL_MESSAGES.notOwner, 'NOT_OWNER');
      await repo.deleteProduct(db, id);
      forgetCached();
    },

    /** Featured is an editorial flag: only an admin sets it. */
    async setFeatured(caller: AuthUser, id: string, isFeatured: boolean): Promise<Product> {
      if (caller.role !== 'admin') throw forbidden('Only an admin can feature products.');
      if (!isUuid(id) || !(await repo.setFeatured(db, id, isFeatured))) {
        throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
      }
      forgetCached();
      return toProduct(await findOrThrow(id));
    },

    async flushViews(): Promise<void> {
      if (pendingViews.size === 0) return;
      const batch = pendingViews;
      pendingViews = new Map();
      await repo.addProductViews(db, dayOf(now()), batch);
    },

    async refreshTrending(): Promise<void> {
      await repo.refreshTrending(db, {
        sinceDay: dayOf(now() - (TRENDING.days - 1) * DAY_MS),
        unitWeight: TRENDING.unitWeight,
        limit: TRENDING.limit,
      });
      forgetCached();
    },
  };
}
