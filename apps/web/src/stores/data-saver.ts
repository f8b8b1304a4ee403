import { DATA_SAVER } from '@sokoni/contracts/site';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A year: the choice outlives any visit, and is written again on each start of the app. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The data saver (#29), a setting of this device: list pictures wait for a tap, a lesson's video or
 * PDF shows its size before loading, and pages come without image preloads.
 */
type DataSaverState = {
  /** What the user chose on this device; null until they choose, and the browser's Save-Data decides. */
  choice: boolean | null;
  choose: (on: boolean) => void;
};

export const DATA_SAVER_STORAGE_KEY = 'data-saver';

/** Whether the browser asks sites to save data (Save-Data: a phone's data saver, a browser's lite mode). */
export const browserSavesData = (): boolean =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/** The server reads the choice from a cookie, to leave image preloads out of the pages it sends. */
function tellServer(on: boolean) {
  document.cookie = `${DATA_SAVER.cookie}=${on ? 1 : 0}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export const useDataSaverStore = create<DataSaverState>()(
  persist(
    (set) => ({
      choice: null,
      choose: (on) => {
        tellServer(on);
        set({ choice: on });
      },
    }),
    {
      name: DATA_SAVER_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ choice: state.choice }),
      // A cookie cleared or expired while the choice stays: the server learns it again.
      onRehydrateStorage: () => (state) => {
        if (typeof state?.choice === 'boolean') tellServer(state.choice);
      },
    },
  ),
);

/** Whether the data saver is on: the user's choice on this device, else the browser's Save-Data. */
export const useDataSaver = (): boolean => useDataSaverStore((state) => state.choice ?? browserSavesData());
