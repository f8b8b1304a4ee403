import { SHARE_MESSAGES } from '@sokoni/contracts/site';
import { buttonClasses } from './button';
import { ChatIcon } from './icons';
import { ShareButton, type SharedPage } from './share-button';

/** wa.me with no number opens WhatsApp's chat picker with the text written in. */
export const whatsappShareHref = (share: SharedPage): string =>
  `https://wa.me/?text=${encodeURIComponent(SHARE_MESSAGES.whatsappText(share.title, share.url))}`;

/**
 * Share (the phone's share sheet, or the link copied) and Share on WhatsApp, side by side in the
 * caller's row: in Kenya a link is mostly passed on in WhatsApp, so it gets its own way there.
 */
export function ShareActions({ share }: { share: SharedPage }) {
  return (
    <>
      <ShareButton share={share} />
      <a
        href={whatsappShareHref(share)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('secondary')}
      >
        <ChatIcon className="text-lg" />
        {SHARE_MESSAGES.whatsapp}
      </a>
    </>
  );
}
