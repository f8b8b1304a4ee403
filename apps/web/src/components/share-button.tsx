import toast from 'react-hot-toast';
import { SHARE_MESSAGES } from '@sokoni/contracts/site';
import { Button } from './button';
import { ShareIcon } from './icons';

/** What is shared: the page's title, a line about it, and its address. */
export type SharedPage = { title: string; text: string; url: string };

type ShareButtonProps = {
  share: SharedPage;
  className?: string;
};

/**
 * Shares a page through the phone's own share sheet (the Web Share API) where there is one, and
 * otherwise copies its link, saying so. Closing the share sheet is no failure.
 */
export function ShareButton({ share, className = '' }: ShareButtonProps) {
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(share.url);
      toast.success(SHARE_MESSAGES.copied);
    } catch {
      toast.error(SHARE_MESSAGES.copyFailed);
    }
  };
  const onClick = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(share);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copyLink();
  };

  return (
    <Button variant="secondary" className={className} onClick={() => void onClick()}>
      <ShareIcon className="text-lg" />
      {SHARE_MESSAGES.share}
    </Button>
  );
}
