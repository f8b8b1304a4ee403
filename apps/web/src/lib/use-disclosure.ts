import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A button that shows and hides a menu beside it. The menu belongs to the location it was opened
 * on, so any navigation closes it; it also closes on Escape (focus back on the button) and on a
 * press outside `rootRef` (the button and the menu together). `menuId` is for the button's
 * aria-controls.
 */
export function useDisclosure() {
  const location = useLocation();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key;

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

  return { open, toggle: () => setOpenedAt(open ? null : location.key), menuId, rootRef, buttonRef };
}
