import { formatKES } from '@sokoni/contracts/money';
import type { PageMeta } from '../../lib/page-meta.js';
import { AppError } from '../../lib/errors.js';
import type { ProductsService } from './products.service.js';

const PRODUCT_PAGE = /^\/products\/([^/]+)\/?$/;

/** The preview of a shared product link: '{title} — KES 18,999', its description and first image. */
export async function productPageMeta(
  products: ProductsService,
  path: string,
  origin: string,
): Promise<Omit<PageMeta, 'url'> | null> {
  const id = PRODUCT_PAGE.exec(path)?.[1];
  if (!id) return null;
  try {
    const { product } = await products.get(id);
    const image = product.image[0];
    return {
      title: `${product.title} — ${formatKES(product.price)} | Sokoni`,
      description: product.description,
      ...(image ? { image: image.startsWith('/') ? `${origin}${image}` : image } : {}),
    };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}
