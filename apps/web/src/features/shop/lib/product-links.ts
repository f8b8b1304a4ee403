import { PRODUCT_CONTACT } from '@sokoni/contracts/catalog';
import { kenyanPhoneE164 } from '@sokoni/contracts/delivery-rules';
import { formatKES } from '@sokoni/contracts/money';
import type { Product } from '@sokoni/contracts/shop';

/** The product page's full address on this site, as it is shared. */
export const productUrl = (product: Pick<Product, 'id'>) =>
  new URL(`/products/${encodeURIComponent(product.id)}`, window.location.origin).href;

/** What the Share button sends: the product's title, its price, and its link. */
export const productShare = (product: Product) => ({
  title: product.title,
  text: PRODUCT_CONTACT.shareText(product.title, formatKES(product.price)),
  url: productUrl(product),
});

export type PhoneContact = { phone: string; callHref: string; whatsappHref: string };

/**
 * The seller's contact as a call and a WhatsApp chat about this product, when it reads as a Kenyan
 * phone number; null when it is something else (a name, a stall, an e-mail). wa.me takes the
 * number's E.164 digits without the '+'.
 */
export function phoneContact(product: Product): PhoneContact | null {
  const phone = kenyanPhoneE164(product.sellerContact);
  if (!phone) return null;
  const text = PRODUCT_CONTACT.whatsappMessage(product.title, productUrl(product));
  return {
    phone,
    callHref: `tel:${phone}`,
    whatsappHref: `https://wa.me/${phone.slice(1)}?text=${encodeURIComponent(text)}`,
  };
}
