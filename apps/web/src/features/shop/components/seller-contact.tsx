import { PRODUCT_CONTACT } from '@sokoni/contracts/catalog';
import { formatKenyanPhone } from '@sokoni/contracts/delivery-rules';
import type { Product } from '@sokoni/contracts/shop';
import { buttonClasses } from '@/components/button';
import { ChatIcon, PhoneIcon } from '@/components/icons';
import { phoneContact, type PhoneContact } from '../lib/product-links';

/** Call the number, and chat on WhatsApp (in a new tab: wa.me hands over to the app). */
export function PhoneContactLinks({ contact }: { contact: PhoneContact }) {
  return (
    <span className="flex flex-wrap gap-2" data-testid="seller-contact">
      <a href={contact.callHref} className={buttonClasses('secondary')}>
        <PhoneIcon className="text-lg" />
        {PRODUCT_CONTACT.call} {formatKenyanPhone(contact.phone)}
      </a>
      <a
        href={contact.whatsappHref}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('secondary')}
      >
        <ChatIcon className="text-lg" />
        {PRODUCT_CONTACT.whatsapp}
      </a>
    </span>
  );
}

/** The seller's contact: a call and a WhatsApp chat when it is a phone number, else the text as written. */
export function SellerContact({ product }: { product: Product }) {
  const contact = phoneContact(product);
  if (!contact) return <span data-testid="seller-contact">{product.sellerContact}</span>;
  return <PhoneContactLinks contact={contact} />;
}
