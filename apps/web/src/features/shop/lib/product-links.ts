import { PRODUCT_CONTACT, SELLER_MESSAGES } from '@sokoni/contracts/catalog';
import { kenyanPhoneE164 } from '@sokoni/contracts/delivery-rules';
import { formatKES } from '@sokoni/contracts/money';
import type { Product, SellerProfile } from '@sokoni/contracts/shop';
import { pageUrl } from '@/lib/page-url';

/** The product page's full address on this site, as it is shared. */
export const productUrl = (product: Pick<Product, 'id'>) =>
  pageUrl(`/products/${encodeURIComponent(product.id)}`);

/** What the Share button sends: the product's title, its price, and its link. */
export const productShare = (product: Product) => ({
  title: product.title,
  text: PRODUCT_CONTACT.shareText(product.title, formatKES(product.price)),
  url: productUrl(product),
});

export type PhoneContact = { phone: string; callHref: string; whatsappHref: string };

/**
 * A call to an E.164 number, and a WhatsApp chat with it that opens with `message` (wa.me takes the
 * number's digits without the '+').
 */
const phoneLinks = (phone: string, message: string): PhoneContact => ({
  phone,
  callHref: `tel:${phone}`,
  whatsappHref: `https://wa.me/${phone.slice(1)}?text=${encodeURIComponent(message)}`,
});

/**
 * The seller's contact as a call and a WhatsApp chat about this product, when it reads as a Kenyan
 * phone number; null when it is something else (a name, a stall, an e-mail).
 */
export function phoneContact(product: Product): PhoneContact | null {
  const phone = kenyanPhoneE164(product.sellerContact);
  return phone
    ? phoneLinks(phone, PRODUCT_CONTACT.whatsappMessage(product.title, productUrl(product)))
    : null;
}

/** A seller's number as a call and a WhatsApp chat that opens with their page's link; null without one. */
export const sellerPhoneContact = (seller: SellerProfile): PhoneContact | null =>
  seller.phone
    ? phoneLinks(
        seller.phone,
        SELLER_MESSAGES.whatsappMessage(pageUrl(`/sellers/${encodeURIComponent(seller.id)}`)),
      )
    : null;
