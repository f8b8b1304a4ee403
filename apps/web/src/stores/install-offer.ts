import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What Chromium hands the page when Sokoni can be installed (`beforeinstallprompt`): not in lib.dom. */
export type InstallPromptEvent = Event & { prompt: () => Promise<unknown> };

/**
 * "Install Sokoni", offered once on this device (#29): after a purchase, or on a second visit —
 * never on the first page view. A visit is a browser session (a tab's sessionStorage): reloads and
 * pages within it are one visit. Once offered, whatever the answer, and once installed, never again.
 */
type InstallOfferState = {
  visits: number;
  purchased: boolean;
  offered: boolean;
  /** The browser's prompt, kept from its `beforeinstallprompt` for the Install button (this page only). */
  prompt: InstallPromptEvent | null;
  /** The offer is on screen (this page only). */
  open: boolean;
  /** Counts this visit, once per browser session. */
  countVisit: () => void;
  /** A payment went through on this device. */
  notePurchase: () => void;
  /** The browser says Sokoni can be installed, and holds its own prompt back for ours. */
  promptReady: (prompt: InstallPromptEvent) => void;
  /** Install: the browser's own prompt, which answers once. */
  install: () => Promise<void>;
  /** Not now. */
  dismiss: () => void;
  /** Sokoni was installed, through our offer or the browser's menu. */
  installed: () => void;
};

export const INSTALL_OFFER_STORAGE_KEY = 'install-offer';
/** Set in sessionStorage once this browser session's visit is counted. */
export const VISIT_COUNTED_KEY = 'install-offer-visit';

/** The offer opens once the browser can install and this device has bought something or come back. */
function opened(state: InstallOfferState): Partial<InstallOfferState> {
  const due = state.prompt !== null && !state.offered && (state.purchased || state.visits >= 2);
  return due ? { offered: true, open: true } : {};
}

export const useInstallOfferStore = create<InstallOfferState>()(
  persist(
    (set, get) => {
      const change = (partial: Partial<InstallOfferState>) => {
        set(partial);
        set(opened(get()));
      };
      return {
        visits: 0,
        purchased: false,
        offered: false,
        prompt: null,
        open: false,
        countVisit: () => {
          if (sessionStorage.getItem(VISIT_COUNTED_KEY)) return;
          sessionStorage.setItem(VISIT_COUNTED_KEY, '1');
          change({ visits: get().visits + 1 });
        },
        notePurchase: () => change({ purchased: true }),
        promptReady: (prompt) => change({ prompt }),
        install: async () => {
          const { prompt } = get();
          set({ open: false, prompt: null });
          await prompt?.prompt();
        },
        dismiss: () => set({ open: false }),
        installed: () => set({ offered: true, open: false, prompt: null }),
      };
    },
    {
      name: INSTALL_OFFER_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ visits, purchased, offered }) => ({ visits, purchased, offered }),
    },
  ),
);
