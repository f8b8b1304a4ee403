import { PRODUCT_PAGE_SIZE } from '@sokoni/contracts/catalog';
import { formatKES } from '@sokoni/contracts/money';
import { ProductQuery, type Product } from '@sokoni/contracts/shop';
import type { PageHead } from '../../lib/page-meta.js';
import { AppError } from '../../lib/errors.js';
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
    ...(leadImage ? { leadImage } : {}),
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

/** The home page asks for its sections' answers itself; its chunk is fetched with the page. */
const HOME_PAGE_HEAD: PageHead = { pageModule: 'src/features/home/pages/home-page.tsx' };

/** The head of the home page, /shop and a product's page; null for any other path. */
export async function shopPagesHead(
  products: ProductsService,
  path: string,
  origin: string,
): Promise<PageHead | null> {
  if (path === '/') return HOME_PAGE_HEAD;
  if (SHOP_PAGE.test(path)) return shopPageHead(products);
  const id = PRODUCT_PAGE.exec(path)?.[1];
  return id ? productPageHead(products, id, origin) : null;
}
