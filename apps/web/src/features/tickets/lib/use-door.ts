import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerifyTicketInput } from '@sokoni/contracts/events';
import { isNetworkFailure } from '@/lib/api-client';
import { verifyTicket } from '../api/verify-ticket';
import { checkInOnDevice, type DoorVerdict } from './door-check';
import { type DoorFlag, type DoorStore, useDoorStore } from './door-store';
import { getReadyForDoor, syncDoor } from './door-sync';

const DOOR_QUERY_KEY = ['door'] as const;

/**
 * What the device holds for the door: the saved lists, the check-ins waiting and the flags. Read
 * from the device, so it is read offline too (networkMode 'always').
 */
export function useDoorState() {
  const openStore = useDoorStore();
  return useQuery({
    queryKey: DOOR_QUERY_KEY,
    queryFn: async () => {
      const store = await openStore();
      const [lists, pending, flags] = await Promise.all([store.lists(), store.pending(), store.flags()]);
      return { lists, pending, flags };
    },
    networkMode: 'always',
    staleTime: Infinity,
  });
}

/** A change to what the device holds for the door; the door's state is read again after it. */
function useDoorChange<TInput, TResult>(change: (store: DoorStore, input: TInput) => Promise<TResult>) {
  const openStore = useDoorStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => change(await openStore(), input),
    // The door works offline: nothing here waits for the network to come back before it runs.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: DOOR_QUERY_KEY }),
  });
}

/** 'Get ready for the door' for one event: its list saved on the device. */
export const useGetReadyForDoor = () => useDoorChange(getReadyForDoor);

export const useDismissDoorFlag = () => useDoorChange((store, flag: DoorFlag) => store.dismissFlag(flag));

/**
 * POST /events/tickets/verify as ever; when the request cannot reach the server (offline), the
 * ticket is checked against the lists saved on the device instead. With no list saved, the
 * failure stands.
 */
export function useDoorVerify() {
  const openStore = useDoorStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: VerifyTicketInput): Promise<DoorVerdict> => {
      try {
        return { verified: true, verification: await verifyTicket(input), savedOffline: false };
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        const verdict = await checkInOnDevice(await openStore(), input.ticketId, new Date());
        if (!verdict) throw error;
        return verdict;
      }
    },
    networkMode: 'always',
    onSuccess: (verdict) => {
      if (verdict.verified && verdict.savedOffline) {
        void queryClient.invalidateQueries({ queryKey: DOOR_QUERY_KEY });
      }
    },
  });
}

/**
 * Sends the check-ins made offline when the network returns, and when the page opens with some
 * waiting. `mutate` sends them now (the organizer's 'Send now').
 */
export function useDoorSync(waiting: number) {
  const sync = useDoorChange((store, _input: void) => syncDoor(store));
  const { mutate } = sync;
  useEffect(() => {
    const send = () => mutate();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [mutate]);
  const someWaiting = waiting > 0;
  useEffect(() => {
    if (someWaiting && navigator.onLine) mutate();
  }, [someWaiting, mutate]);
  return sync;
}
