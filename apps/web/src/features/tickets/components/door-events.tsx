import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DoorList } from '@sokoni/contracts/events';
import { DOOR_MESSAGES, formatNairobiTime } from '@sokoni/contracts/events-rules';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { getOrganizerEventsQueryOptions } from '@/lib/organizer-events';
import { useAuthStore } from '@/stores/auth';
import { useGetReadyForDoor } from '../lib/use-door';

/** An event stays at the door for a day after it starts: a night's late gate, a festival's second day. */
export const DOOR_OPEN_MS = 24 * 60 * 60 * 1000;

type DoorEvent = DoorList['event'];

/** Not cancelled, and started less than DOOR_OPEN_MS ago (or yet to start). */
const atTheDoor = (event: DoorEvent, now: number) =>
  !event.cancelled && Date.parse(event.date) + DOOR_OPEN_MS > now;

/** The signed-in organizer's events; none for a visitor. */
function useOrganizerEventsAtTheDoor(): DoorEvent[] | undefined {
  const organizerId = useAuthStore((state) => state.user?.id);
  return useQuery({ ...getOrganizerEventsQueryOptions(organizerId ?? ''), enabled: Boolean(organizerId) })
    .data;
}

/**
 * 'For the door': the organizer's events not over, each with 'Get ready for the door', which saves
 * its tickets on the device for checking in offline. Without the events (offline before they came),
 * the events whose lists are saved.
 */
export function DoorEvents({ lists, online }: { lists: DoorList[]; online: boolean }) {
  const getReady = useGetReadyForDoor();
  // The door's events as the page opened: an event does not leave the list while it is in use.
  const [now] = useState(Date.now);
  const events = (useOrganizerEventsAtTheDoor() ?? lists.map((list) => list.event)).filter((event) =>
    atTheDoor(event, now),
  );
  if (!events.length) return null;
  return (
    <section aria-labelledby="door-heading" className="space-y-3 border-t border-slate-200 pt-6">
      <h2 id="door-heading" className="text-lg font-semibold text-slate-900">
        For the door
      </h2>
      <p className="text-sm text-slate-600">
        Save an event&apos;s tickets on this device to check them in when there is no network.
      </p>
      <ul className="space-y-3">
        {events.map((event) => {
          const saved = lists.find((list) => list.event.id === event.id);
          const mine = getReady.variables === event.id;
          return (
            <li key={event.id} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
              <div>
                <h3 className="font-semibold text-slate-900">{event.title}</h3>
                <p className="text-sm text-slate-600">
                  {formatNairobiTime(event.date)} · {event.location}
                </p>
              </div>
              {saved ? (
                <p role="status" className="text-sm font-medium text-emerald-800">
                  {DOOR_MESSAGES.ready(saved.tickets.length, saved.savedAt)}
                </p>
              ) : null}
              <Button
                variant="secondary"
                onClick={() => getReady.mutate(event.id)}
                disabled={!online || getReady.isPending}
                className="w-full sm:w-auto"
              >
                {mine && getReady.isPending ? <Spinner className="size-4" /> : null}
                {DOOR_MESSAGES.getReady}
              </Button>
              {mine && getReady.isError ? (
                <FormAlert message={errorMessage(getReady.error, DOOR_MESSAGES.downloadFailed)} />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
