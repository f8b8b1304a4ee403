import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  max,
  min,
  sql,
  type Param,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { ProductFilters } from '@sokoni/contracts/shop';
import type { Db } from '../../db/client.js';
import { epochMicros } from '../../lib/memory-index.js';
import { users } from '../../db/schema/accounts.js';
import { payments } from '../../db/schema/payments.js';
import { productDailyStats, productViews, products, stockHolds } from '../../db/schema/shop.js';
import { holderSums, type Holder } from '../../lib/hold-bounds.js';

export type ProductRecord = {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  category: string;
  condition: 'New' | 'Used' | 'Refurbished';
  images: string[];
  sellerId: string;
  sellerName: string;
  sellerContact: string;
  shopLocation: string;
  stock: number;
  available: number;
  ratingSum: number;
  reviewCount: number;
  isFeatured: boolean;
  isTrending: boolean;
  createdAt: Date;
  /** #28: when moderators hid it (shown to its seller only), and why; null while it is shown. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
};

/**
 * Units of the product (in the outer query) held at `at` for payments in progress, but for the
 * payment `except`. Expired holds count nothing, whether or not anything has released them yet.
 * `at` is a time, or a placeholder of a prepared query.
 */
const heldUnits = (at: Date | Placeholder, except?: string) =>
  sql`coalesce((select sum(${stockHolds.quantity}) from ${stockHolds}
    where ${stockHolds.productId} = ${products.id} and ${stockHolds.state} = 'held'
      and ${stockHolds.expiresAt} > ${at instanceof Date ? at.toISOString() : at}::timestamptz${
        except ? sql` and ${stockHolds.reference} <> ${except}` : sql``
      }), 0)`;

/** The product's columns as shoppers see them at `at` (what is available depends on live holds). */
export const productColumns = (at: Date | Placeholder) => ({
  id: products.id,
  title: products.title,
  description: products.description,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  category: products.category,
  condition: products.condition,
  images: products.images,
  sellerId: products.sellerId,
  // A scalar subquery, not a join: the page is cut by its index first, then 24 names are looked up.
  sellerName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${products.sellerId})`,
  sellerContact: products.sellerContact,
  shopLocation: products.shopLocation,
  stock: products.stock,
  available: sql<number>`${products.stock} - ${heldUnits(at)}`.mapWith(Number),
  ratingSum: products.ratingSum,
  reviewCount: products.reviewCount,
  isFeatured: products.isFeatured,
  isTrending: products.isTrending,
  createdAt: products.createdAt,
  hiddenAt: products.hiddenAt,
  hiddenReason: products.hiddenReason,
});

type FilterPart = 'category' | 'price' | 'condition';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Each filter's value as the query should hold it: the value itself, or (in a prepared query) a
 * placeholder of that name, filled in at each execution.
 */
type ValueOf = <T>(name: string, value: T) => T | Placeholder | Param;
// A list goes as one array parameter (for `= any(…)`), not as a list of parameters.
const inline: ValueOf = (_name, value) => (Array.isArray(value) ? sql.param(value) : value);

/**
 * The WHERE of a catalogue query; `except` leaves out the filters a facet counts across. Products
 * moderators hid are left out, but for their seller's own list (`withHidden`).
 */
function whereOf(
  filters: ProductFilters,
  except: FilterPart[] = [],
  value = inline,
  withHidden = false,
): SQL | undefined {
  const conditions: Array<SQL | undefined> = [withHidden ? undefined : isNull(products.hiddenAt)];
  if (filters.q) conditions.push(sql`lower(${products.title}) like ${value('q', likePattern(filters.q))}`);
  if (filters.category?.length && !except.includes('category')) {
    // One category (what the shop page asks) as an equality: the planner then walks the category's
    // own stretch of the (category, price) index rather than the price index.
    const [only, ...more] = filters.category;
    conditions.push(
      more.length === 0
        ? eq(products.category, value('category', only!))
        : sql`${products.category} = any(${value('category', filters.category)})`,
    );
  }
  if (!except.includes('price')) {
    if (filters.minPrice !== undefined)
      conditions.push(gte(products.priceCents, value('minCents', Math.round(filters.minPrice * 100))));
    if (filters.maxPrice !== undefined)
      conditions.push(lte(products.priceCents, value('maxCents', Math.round(filters.maxPrice * 100))));
  }
  if (filters.condition && !except.includes('condition'))
    conditions.push(eq(products.condition, value('condition', filters.condition)));
  if (filters.featured !== undefined)
    conditions.push(eq(products.isFeatured, value('featured', filters.featured)));
  if (filters.trending !== undefined)
    conditions.push(eq(products.isTrending, value('trending', filters.trending)));
  if (filters.seller) conditions.push(eq(products.sellerId, value('seller', filters.seller)));
  if (filters.ids) conditions.push(sql`${products.id} = any(${value('ids', filters.ids)}::uuid[])`);
  return and(...conditions);
}

const likePattern = (q: string) => `%${escapeLike(q.toLowerCase())}%`;

function orderOf(filters: ProductFilters): SQL[] {
  if (filters.sort === 'price-asc') return [asc(products.priceCents), asc(products.id)];
  if (filters.sort === 'price-desc') return [desc(products.priceCents), desc(products.id)];
  if (filters.trending) return [desc(products.trendingScore), desc(products.createdAt), desc(products.id)];
  return [desc(products.createdAt), desc(products.id)];
}

/**
 * The shape of a catalogue query: which filters it has, and its order. Queries of one shape differ in
 * their values only, so each shape's SQL is built once and prepared (per database), and a request
 * sends values, not a statement to build, parse and plan.
 */
function shapeOf(filters: ProductFilters, withTotal: boolean, withHidden: boolean): string {
  let shape = `${filters.sort ?? ''}_${filters.trending ?? ''}_${withTotal ? 't' : ''}${withHidden ? 'H' : ''}`;
  if (filters.q) shape += 'q';
  if (filters.category?.length) shape += filters.category.length === 1 ? 'c' : 'C';
  if (filters.minPrice !== undefined) shape += 'l';
  if (filters.maxPrice !== undefined) shape += 'h';
  if (filters.condition) shape += 'n';
  if (filters.featured !== undefined) shape += 'f';
  if (filters.seller) shape += 's';
  if (filters.ids) shape += 'i';
  return shape.replace(/[^a-z0-9_]/gi, '_');
}

function preparePage(
  db: Db,
  filters: ProductFilters,
  where: SQL | undefined,
  withTotal: boolean,
  withHidden: boolean,
) {
  // A scalar subquery is computed once for the statement: the total rides with the page in one round
  // trip.
  const total = withTotal
    ? sql<number>`(select count(*) from ${products} where ${where ?? sql`true`})`.mapWith(Number)
    : sql<number>`null`;
  return db
    .select({ ...productColumns(sql.placeholder('at')), total })
    .from(products)
    .where(where)
    .orderBy(...orderOf(filters))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`products_page_${shapeOf(filters, withTotal, withHidden)}`);
}

const preparedPages = new WeakMap<Db, Map<string, ReturnType<typeof preparePage>>>();

/**
 * One page of the catalogue at `at`, and (`withTotal`) how many products match the filters in all,
 * in one statement prepared once per shape of filters. The total is undefined when not asked for, or
 * for a page past the end. `withHidden`: with the products moderators hid (a seller's own list).
 */
export async function findProductPage(
  db: Db,
  filters: ProductFilters,
  at: Date,
  withTotal: boolean,
  withHidden = false,
): Promise<{ records: ProductRecord[]; total: number | undefined }> {
  // The filters' values, each under its placeholder's name.
  const values: Record<string, unknown> = {
    at: at.toISOString(),
    limit: filters.limit,
    offset: filters.offset,
  };
  const where = whereOf(
    filters,
    [],
    (name, value) => {
      values[name] = value;
      return sql.placeholder(name);
    },
    withHidden,
  );
  let prepared = preparedPages.get(db);
  if (!prepared) preparedPages.set(db, (prepared = new Map()));
  const shape = shapeOf(filters, withTotal, withHidden);
  let query = prepared.get(shape);
  if (!query) prepared.set(shape, (query = preparePage(db, filters, where, withTotal, withHidden)));
  const rows = await query.execute(values);
  const records = rows.map(({ total: _total, ...record }) => record);
  if (!withTotal) return { records, total: undefined };
  // A page past the end has no row to carry the total: it is left unknown.
  const first = rows[0];
  return { records, total: first ? first.total : filters.offset > 0 ? undefined : 0 };
}

export async function countProducts(db: Db, filters: ProductFilters, withHidden = false): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(products)
    .where(whereOf(filters, [], inline, withHidden));
  return row?.total ?? 0;
}

/**
 * These products (any order), as shoppers see them at `at`, hidden ones with when and why; an id with
 * no product is left out.
 */
export async function findProductsByIds(db: Db, ids: string[], at: Date): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select(productColumns(at))
    .from(products)
    .where(sql`${products.id} = any(${sql.param(ids)}::uuid[])`);
}

/** What the catalogue is filtered and ordered by, for each product (or these products only). */
export type ListingRow = {
  id: string;
  priceCents: number;
  category: string;
  condition: string;
  /** Microseconds since the epoch: the database's own precision, which the newest-first order uses. */
  createdMicros: number;
  isFeatured: boolean;
  isTrending: boolean;
  trendingScore: number;
  sellerId: string;
};

/** The rows of the products shown (moderators' hidden ones are not listed: #28). */
export async function findListingRows(db: Db, ids?: string[]): Promise<ListingRow[]> {
  return db
    .select({
      id: products.id,
      priceCents: products.priceCents,
      category: products.category,
      condition: products.condition,
      createdMicros: epochMicros(products.createdAt),
      isFeatured: products.isFeatured,
      isTrending: products.isTrending,
      trendingScore: products.trendingScore,
      sellerId: products.sellerId,
    })
    .from(products)
    .where(
      and(isNull(products.hiddenAt), ids ? sql`${products.id} = any(${sql.param(ids)}::uuid[])` : undefined),
    );
}

export async function findProductById(db: Db, id: string, at: Date): Promise<ProductRecord | undefined> {
  const [row] = await db.select(productColumns(at)).from(products).where(eq(products.id, id));
  return row;
}

export type Facets = {
  total: number;
  minCents: number | null;
  maxCents: number | null;
  categories: Array<{ id: string; count: number }>;
  conditions: Array<{ condition: 'New' | 'Used' | 'Refurbished'; count: number }>;
};

export async function findFacets(db: Db, filters: ProductFilters): Promise<Facets> {
  const [total, [bounds], categories, conditions] = await Promise.all([
    countProducts(db, filters),
    db
      .select({ minCents: min(products.priceCents), maxCents: max(products.priceCents) })
      .from(products)
      .where(whereOf(filters, ['price'])),
    db
      .select({ id: products.category, count: count() })
      .from(products)
      .where(whereOf(filters, ['category']))
      .groupBy(products.category),
    db
      .select({ condition: products.condition, count: count() })
      .from(products)
      .where(whereOf(filters, ['condition']))
      .groupBy(products.condition),
  ]);
  return {
    total,
    minCents: bounds?.minCents ?? null,
    maxCents: bounds?.maxCents ?? null,
    categories,
    conditions,
  };
}

export type NewProduct = typeof products.$inferInsert;

export async function insertProduct(db: Db, values: NewProduct): Promise<string> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('insert into products returned no row');
  return row.id;
}

export async function setFeatured(db: Db, id: string, isFeatured: boolean): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ isFeatured, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** What a viewer key says of who looked: an account established or new, or a visitor. */
export const VIEWER_STANDING = { established: 'e', young: 'y', visitor: 'v' } as const;

/**
 * Records who looked at which product today, and counts each product's views of today again from
 * them: a viewer counts once per product per day, however often and from however many server
 * processes they look (a signed-in viewer on several networks counts on one). A viewer is
 * `who:standing:network` (VIEWER_STANDING). An established account weighs 1, a new one
 * `weights.young`, the visitors of a network 1 together; the viewers of one network together weigh at
 * most `weights.perNetwork`; the day's views are the whole part of the sum. Products deleted meanwhile
 * are skipped. Flushes run one at a time, so each counts what the others wrote.
 */
export async function addProductViews(
  db: Db,
  day: string,
  views: Array<{ productId: string; viewer: string }>,
  weights: { young: number; perNetwork: number },
): Promise<void> {
  if (views.length === 0) return;
  // The arrays travel as one parameter each (PostgreSQL array literals; viewers are hex and ':').
  const ids = `{${views.map((view) => view.productId).join(',')}}`;
  const viewers = `{${views.map((view) => view.viewer).join(',')}}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('product-views', 0))`);
    // The statement sees product_views as it was before its own insert: the new rows come from `seen`.
    await tx.execute(sql`
      with seen as (
        insert into ${productViews} (product_id, day, viewer)
        select p.id, ${day}::date, v.viewer
        from unnest(${ids}::uuid[], ${viewers}::text[]) as v(id, viewer)
        join ${products} p on p.id = v.id
        on conflict do nothing
        returning product_id, viewer
      ),
      viewer as (
        select product_id, split_part(viewer, ':', 1) as who, split_part(viewer, ':', 2) as standing,
               split_part(viewer, ':', 3) as network
        from (
          select product_id, viewer from ${productViews}
          where day = ${day}::date and product_id in (select product_id from seen)
          union all
          select product_id, viewer from seen
        ) as today
      ),
      weighed as (
        select distinct on (product_id, who) product_id, network,
          case standing when ${VIEWER_STANDING.young} then ${weights.young}::numeric else 1 end as weight
        from viewer
        order by product_id, who, weight desc, network
      ),
      per_network as (
        select product_id, least(sum(weight), ${weights.perNetwork}) as weight
        from weighed group by product_id, network
      )
      insert into ${productDailyStats} (product_id, day, views)
      select product_id, ${day}::date, floor(sum(weight))::int from per_network group by product_id
      on conflict (product_id, day) do update set views = excluded.views`);
  });
}

/** Forgets who looked before `day`: views are counted once per day, and the counts stay in the stats. */
export async function deleteProductViewsBefore(db: Db, day: string): Promise<void> {
  await db.delete(productViews).where(lt(productViews.day, day));
}

/**
 * Adds a paid order's units to today's units sold for trending. A buyer's units of one product count
 * up to `cap` a day, whatever they buy; a seller buying their own product counts nothing. The
 * buyer's fulfilments are taken one at a time (a lock per buyer), so the cap holds when two of their
 * orders are paid at once.
 */
export async function addUnitsSold(
  db: Db,
  sale: { orderId: string; buyerId: string; day: string; cap: number },
): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`trending-buyer:${sale.buyerId}`}, 0))`,
  );
  await db.execute(sql`
    with lines as (
      select oi.product_id, sum(oi.quantity)::int as units
      from order_items oi join ${products} p on p.id = oi.product_id
      where oi.order_id = ${sale.orderId} and p.seller_id <> ${sale.buyerId}
      group by oi.product_id
    ),
    earlier as (
      select oi.product_id, sum(oi.quantity)::int as units
      from order_items oi join orders o on o.id = oi.order_id
      where o.user_id = ${sale.buyerId} and o.status = 'paid' and o.id <> ${sale.orderId}
        -- Paid today by the database's clock, the clock paid_at was written with.
        and o.paid_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
        and oi.product_id in (select product_id from lines)
      group by oi.product_id
    ),
    counted as (
      select l.product_id,
        least(coalesce(e.units, 0) + l.units, ${sale.cap}) - least(coalesce(e.units, 0), ${sale.cap}) as units
      from lines l left join earlier e using (product_id)
    )
    insert into ${productDailyStats} (product_id, day, units_sold)
    select product_id, ${sale.day}::date, units from counted where units > 0
    on conflict (product_id, day) do update set units_sold = ${productDailyStats.unitsSold} + excluded.units_sold`);
}

/**
 * trending score = views + 5 × units sold over the days since `sinceDay`; the `limit` best-scoring
 * products shown (not hidden by moderators) are flagged trending. Only rows whose score or flag
 * changes are written.
 */
/** Sets every product's trending score and flag from its stats; answers the ids of those that moved. */
export async function refreshTrending(
  db: Db,
  options: { sinceDay: string; unitWeight: number; limit: number },
): Promise<string[]> {
  const result = await db.execute(sql`
    with scores as (
      select product_id, sum(views + ${options.unitWeight} * units_sold)::int as score
      from ${productDailyStats}
      where day >= ${options.sinceDay}::date
        -- A product moderators hid (#28) takes no place among the trending.
        and product_id not in (select id from ${products} where hidden_at is not null)
      group by product_id
    ),
    ranked as (
      select product_id, score, row_number() over (order by score desc, product_id) <= ${options.limit} as trending
      from scores where score > 0
    ),
    targets as (
      select p.id, coalesce(r.score, 0) as score, coalesce(r.trending, false) as trending
      from ${products} p left join ranked r on r.product_id = p.id
      where p.trending_score > 0 or p.is_trending or r.product_id is not null
    )
    update ${products} p set trending_score = t.score, is_trending = t.trending
    from targets t
    where p.id = t.id and (p.trending_score <> t.score or p.is_trending <> t.trending)
    returning p.id`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

export async function productExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

export async function insertDailyStats(
  db: Db,
  rows: Array<{ productId: string; day: string; views: number; unitsSold: number }>,
): Promise<void> {
  if (rows.length > 0) await db.insert(productDailyStats).values(rows);
}

export async function findSellerId(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ sellerId: products.sellerId }).from(products).where(eq(products.id, id));
  return row?.sellerId;
}

export async function updateProduct(db: Db, id: string, values: Partial<NewProduct>): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

/**
 * The products being ordered or paid for, with what can be bought of each at `at` (the payment
 * `except` left out, so it does not compete with its own hold). `lock: 'update'` locks them until the
 * transaction ends, so holds of one product are taken one at a time; the figures are read after the
 * lock, by a second statement, so they include every hold committed before it. A product moderators
 * hid is left out (it cannot be bought), unless `withHidden` (a sale already held).
 */
export async function findForSale(
  db: Db,
  ids: string[],
  options: { at: Date; lock: 'share' | 'update'; except?: string; withHidden?: boolean },
) {
  if (ids.length === 0) return [];
  await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for(options.lock);
  return db
    .select({
      id: products.id,
      title: products.title,
      priceCents: products.priceCents,
      images: products.images,
      sellerId: products.sellerId,
      stock: products.stock,
      available: sql<number>`${products.stock} - ${heldUnits(options.at, options.except)}`.mapWith(Number),
    })
    .from(products)
    .where(and(inArray(products.id, ids), options.withHidden ? undefined : isNull(products.hiddenAt)));
}

/** Units held at `at` for payments in progress, by product. */
export async function findHeldUnits(db: Db, id: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`${heldUnits(at)}`.mapWith(Number) })
    .from(products)
    .where(eq(products.id, id));
  return row?.held ?? 0;
}

/**
 * Units held unpaid now, per listing and in all: by the holder, and (for a young holder) by young
 * accounts of their network. Read from the open payments (their partial indexes), as a live stock
 * hold always has one.
 */
export async function unitsHeld(
  db: Db,
  holder: Holder,
): Promise<Array<{ productId: string; account: number; network: number }>> {
  const sums = holderSums(
    holder,
    { userId: payments.userId, network: payments.network, accountCreatedAt: users.createdAt },
    stockHolds.quantity,
  );
  return db
    .select({ productId: stockHolds.productId, account: sums.mine(), network: sums.ours() })
    .from(payments)
    .innerJoin(stockHolds, eq(stockHolds.reference, payments.reference))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(
      and(
        eq(payments.status, 'pending'),
        isNull(payments.holdEndedAt),
        eq(stockHolds.state, 'held'),
        gt(stockHolds.expiresAt, holder.at),
        sums.whose,
      ),
    )
    .groupBy(stockHolds.productId);
}

export async function insertHolds(
  db: Db,
  reference: string,
  lines: Array<{ productId: string; quantity: number }>,
  expiresAt: Date,
): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(stockHolds).values(lines.map((line) => ({ ...line, reference, expiresAt })));
}

/** Ends a payment's holds that are still `held`, as sold or released. */
export async function endHolds(db: Db, reference: string, state: 'sold' | 'released'): Promise<void> {
  await db
    .update(stockHolds)
    .set({ state })
    .where(and(eq(stockHolds.reference, reference), eq(stockHolds.state, 'held')));
}

/** Puts units back on the stock (a cancelled order line's). */
export async function returnToStock(db: Db, id: string, quantity: number): Promise<void> {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

/** Takes sold units off the stock; the caller has checked they are there. */
export async function removeFromStock(db: Db, id: string, quantity: number): Promise<void> {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}
