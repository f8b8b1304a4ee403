import { PRODUCT_CARD_IMAGE_SIZES, PRODUCT_PAGE_SIZE } from '@sokoni/contracts/catalog';
import { ThreadQuery } from '@sokoni/contracts/community';
import { HOME_REQUESTS } from '@sokoni/contracts/site';
import { formatKES } from '@sokoni/contracts/money';
import { ProductQuery, type Product } from '@sokoni/contracts/shop';
import type { PageHead } from '../../lib/page-meta.js';
import { AppError } from '../../lib/errors.js';
import type { CommunityService } from '../community/community.service.js';
import type { ProductsService } from './products.service.js';

const PRODUCT_PAGE = /^\/products\/([^/]+)\/?$/;
const SHOP_PAGE = /^\/shop\/?$/;

/**
 * The first answers /shop asks for when it opens with no filters (its filter panel's facets and the
 * first page of products), under the addresses the web app builds for them (features/shop/api).
 */
async function shopPageHead(products: ProductsService): Promise<PageHead> {
  const filters = ProductQuery.parse({});
  const [page, facets] = await Promise.all([products.list(filters), products.facets(filters)]);
  const items = JSON.parse(page.json.raw.toString('utf8')) as Product[];
  const leadImage = items[0]?.image[0];
  return {
    pageModule: 'src/features/shop/pages/shop-page.tsx',
    answers: [
      { url: '/api/products/facets', body: facets },
      {
        url: `/api/products?${new URLSearchParams({ limit: String(PRODUCT_PAGE_SIZE), offset: '0' })}`,
        body: items,
        total: page.total,
      },
    ],
    ...(leadImage ? { leadImage, leadImageSizes: PRODUCT_CARD_IMAGE_SIZES } : {}),
  };
}

/**
 * A product's page: the preview of a shared link ('{title} — KES 18,999', its description and first
 * image) and the product itself, so the page shows it without asking; its chunks and first image are
 * fetched with the page. The look is counted when the page says so (POST /products/{id}/views), for
 * whoever is signed in there, never from here.
 */
async function productPageHead(
  products: ProductsService,
  id: string,
  origin: string,
): Promise<PageHead | null> {
  try {
    const { product, json } = await products.get(id);
    const image = product.image[0];
    return {
      meta: {
        title: `${product.title} — ${formatKES(product.price)} | Sokoni`,
        description: product.description,
        ...(image ? { image: image.startsWith('/') ? `${origin}${image}` : image } : {}),
      },
      pageModule: 'src/features/shop/pages/product-detail-page.tsx',
      answers: [
        { url: `/api/products/${encodeURIComponent(id)}`, body: JSON.parse(json.raw.toString('utf8')) },
      ],
      ...(image ? { leadImage: image } : {}),
    };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/** A request's query, as the route reads it. */
const queryOf = (path: string) => Object.fromEntries(new URLSearchParams(path.slice(path.indexOf('?') + 1)));

/**
 * The home page's first answers (HOME_REQUESTS): its featured products, the trending panel's top five
 * and the community highlights' three newest threads.
 */
async function homePageHead(
  products: ProductsService,
  community: Pick<CommunityService, 'listThreads'>,
): Promise<PageHead> {
  const productsAt = async (path: string) => {
    const page = await products.list(ProductQuery.parse(queryOf(path)));
    return { url: `/api${path}`, body: JSON.parse(page.json.raw.toString('utf8')) };
  };
  const [featured, trending, threads] = await Promise.all([
    productsAt(HOME_REQUESTS.featured),
    productsAt(HOME_REQUESTS.trending),
    community.listThreads(ThreadQuery.parse(queryOf(HOME_REQUESTS.threads))),
  ]);
  return {
    pageModule: 'src/features/home/pages/home-page.tsx',
    answers: [featured, trending, { url: `/api${HOME_REQUESTS.threads}`, body: threads.items }],
  };
}

/** The head of the home page, /shop and a product's page; null for any other path. */
export async function shopPagesHead(
  { products, community }: { products: ProductsService; community: Pick<CommunityService, 'listThreads'> },
  path: string,
  origin: string,
): Promise<PageHead | null> {
  if (path === '/') return homePageHead(products, community);
  if (SHOP_PAGE.test(path)) return shopPageHead(products);
  const id = PRODUCT_PAGE.exec(path)?.[1];
  return id ? productPageHead(products, id, origin) : null;
}
