import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Where the menu was opened: the location on screen, and the one in the address bar. They differ
 * while a navigation's page is still loading (the router shows the old page until the new one is
 * ready), and the new page's arrival must not close a menu opened meanwhile.
 */
type OpenedAt = { shown: string; address: string };

/** The address bar's location key (the browser router keeps it in history.state). */
function addressKey(shown: string): string {
  const state: unknown = window.history.state;
  const key = state && typeof state === 'object' && 'key' in state ? state.key : null;
  return typeof key === 'string' ? key : shown;
}

/**
 * A button that shows and hides a menu beside it. The menu belongs to the location it was opened
 * on, so any later navigation closes it; it also closes on Escape (focus back on the button) and
 * on a press outside `rootRef` (the button and the menu together). `menuId` is for the button's
 * aria-controls.
 */
export function useDisclosure() {
  const location = useLocation();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [openedAt, setOpenedAt] = useState<OpenedAt | null>(null);
  // Open on the page it was opened on, and on the page then loading once it shows; not on any other
  // (Back to the page it was opened on, after the next one showed, finds it closed).
  const open =
    openedAt !== null &&
    (openedAt.address === location.key ||
      (openedAt.shown === location.key && addressKey(location.key) === openedAt.address));

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      buttonRef.current?.focus();
    };
    // Pointer, not mouse, events: a tap on a phone closes it as soon as it lands.
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenedAt(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [open]);

  const toggle = () => setOpenedAt(open ? null : { shown: location.key, address: addressKey(location.key) });
  return { open, toggle, menuId, rootRef, buttonRef };
}
