import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The M-Pesa number each account last paid with on this device (E.164), offered first the next
 * time it pays. Kept per account, so a shared phone or cyber café offers no one another's number.
 */
type MpesaNumberState = {
  /** User id → the E.164 number the last prompt went to. */
  numbers: Record<string, string>;
  remember: (userId: string, phone: string) => void;
};

export const MPESA_NUMBER_STORAGE_KEY = 'mpesa-number';

export const useMpesaNumberStore = create<MpesaNumberState>()(
  persist(
    (set) => ({
      numbers: {},
      remember: (userId, phone) => set(({ numbers }) => ({ numbers: { ...numbers, [userId]: phone } })),
    }),
    {
      name: MPESA_NUMBER_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ numbers: state.numbers }),
    },
  ),
);
