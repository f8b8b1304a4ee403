import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckInSyncInput, DoorList } from '@sokoni/contracts/events';
import { DOOR_MESSAGES, EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { useAuthStore } from '@/stores/auth';
import { buildEvent } from '@/test/api-fakes';
import { buildDoorList, buildDoorTicket } from '@/test/door-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { DOOR_OPEN_MS } from '../components/door-events';
import { type DoorStore, DoorStoreContext, memoryDoorStore } from '../lib/door-store';
import { TicketVerificationPage } from './ticket-verification-page';

// The camera is not there in tests (ticket-verification-page.test.tsx drives the scanner).
vi.mock('@yudiel/react-qr-scanner', () => ({ prepareZXingModule: vi.fn(), Scanner: () => null }));

const AT_1902 = '2026-11-20T16:02:00.000Z';

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  useAuthStore.setState({ user: null });
});
afterEach(() => vi.restoreAllMocks());

function renderDoor(store: DoorStore) {
  return renderWithProviders(
    <DoorStoreContext value={() => Promise.resolve(store)}>
      <TicketVerificationPage />
    </DoorStoreContext>,
  );
}

async function storeWith(list: DoorList) {
  const store = memoryDoorStore();
  await store.saveList(list);
  return store;
}

/** The door's server side: check-ins answered by `outcome` (checked in unless told), the list afresh. */
function serveSync(list: DoorList, outcome: (ticketId: string) => object = () => ({})) {
  const posted: CheckInSyncInput[] = [];
  server.use(
    http.post('/api/events/:id/check-ins', async ({ request }) => {
      const body = (await request.json()) as CheckInSyncInput;
      posted.push(body);
      return HttpResponse.json({
        outcomes: body.checkIns.map(({ ticketId, scannedAt }) => ({
          ticketId,
          outcome: 'checked_in',
          checkedInAt: scannedAt,
          message: EVENT_MESSAGES.verified,
          ...outcome(ticketId),
        })),
      });
    }),
    http.get('/api/events/:id/door-list', () => HttpResponse.json(list)),
  );
  return posted;
}

const typeAndVerify = async (user: ReturnType<typeof userEvent.setup>, code: string) => {
  await user.clear(screen.getByLabelText('Ticket code'));
  await user.type(screen.getByLabelText('Ticket code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify Ticket' }));
  return screen.findByTestId('verification-result');
};

describe('Ticket Verification at the door (#29)', () => {
  it("lists the organizer's events not over; 'Get ready for the door' saves the list, says so, and fetches the QR engine once", async () => {
    useAuthStore.setState({
      user: { id: 'org-1', name: 'Nairobi Live', email: 'live@example.co.ke', role: 'user', token: 'jwt' },
    });
    const tonight = buildEvent({ title: 'Sauti Sol Live' });
    const over = buildEvent({
      title: 'Last week',
      date: new Date(Date.now() - DOOR_OPEN_MS - 60_000).toISOString(),
    });
    const cancelled = buildEvent({ title: 'Called off', cancelled: true });
    const started = buildEvent({
      title: 'Started an hour ago',
      date: new Date(Date.now() - 3_600_000).toISOString(),
    });
    let wasmFetches = 0;
    server.use(
      http.get('/api/events/organizer/org-1', () => HttpResponse.json([tonight, started, over, cancelled])),
      http.get(`/api/events/${tonight.id}/door-list`, () =>
        HttpResponse.json(
          buildDoorList({ id: tonight.id }, [buildDoorTicket(), buildDoorTicket(), buildDoorTicket()]),
        ),
      ),
      http.get(`/api/events/${started.id}/door-list`, () =>
        HttpResponse.json({ statusCode: 502, error: 'Bad Gateway' }, { status: 502 }),
      ),
      http.get(/zxing_reader\.wasm$/, () => {
        wasmFetches += 1;
        return new HttpResponse(new Uint8Array([0, 97, 115, 109]));
      }),
    );
    const store = memoryDoorStore();
    const user = userEvent.setup();
    renderDoor(store);

    const door = within(await screen.findByRole('region', { name: 'For the door' }));
    expect(door.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Sauti Sol Live',
      'Started an hour ago',
    ]);
    const [getReady, getReadyStarted] = door.getAllByRole('button', { name: DOOR_MESSAGES.getReady });
    expect(DOOR_MESSAGES.getReady).toBe('Get ready for the door');

    await user.click(getReady!);
    expect(
      await door.findByText('Ready for the door: 3 tickets saved on this device at 18:00.'),
    ).toBeTruthy();
    await user.click(getReady!);
    await waitFor(() => expect(getReady!.hasAttribute('disabled')).toBe(false));

    expect((await store.lists()).map((list) => list.event.id)).toEqual([tonight.id]);
    expect(wasmFetches).toBe(1);

    await user.click(getReadyStarted!);
    expect((await door.findByRole('alert')).textContent).toBe(DOOR_MESSAGES.downloadFailed);
    expect(await store.lists()).toHaveLength(1);
  });

  it('offline, checks a typed code against the saved list: green and kept to send, the same again red', async () => {
    const amina = buildDoorTicket({ shortCode: 'K7QM4XPT', holderName: 'Amina Wanjiku', quantity: 2 });
    const store = await storeWith(buildDoorList({ id: 'ev-1', title: 'Sauti Sol Live' }, [amina]));
    online = false;
    const user = userEvent.setup();
    renderDoor(store);

    expect(await screen.findByText(DOOR_MESSAGES.offline)).toBeTruthy();
    const green = await typeAndVerify(user, 'k7qm 4xpt');
    expect(green.getAttribute('role')).toBe('status');
    expect(green.className).toContain('bg-emerald-50');
    expect(green.textContent).toContain(EVENT_MESSAGES.verified);
    expect(green.textContent).toContain('Amina Wanjiku');
    expect(green.textContent).toContain('Sauti Sol Live');
    expect(green.textContent).toContain(DOOR_MESSAGES.savedOffline);
    expect(await screen.findByText('1 check-in waiting for the network.')).toBeTruthy();

    const [waiting] = await store.pending();
    const red = await typeAndVerify(user, amina.id);
    expect(red.getAttribute('role')).toBe('alert');
    expect(red.textContent).toContain(EVENT_MESSAGES.alreadyCheckedIn('Amina Wanjiku', waiting!.scannedAt));
    expect((await typeAndVerify(user, 'K7QM4XPA')).textContent).toContain(EVENT_MESSAGES.ticketNotFound);
    expect(await store.pending()).toHaveLength(1);
  });

  it('offline with no list saved, says the list is not on this device', async () => {
    online = false;
    renderDoor(memoryDoorStore());

    expect(await screen.findByText(DOOR_MESSAGES.offlineNoList)).toBeTruthy();
  });

  it('when the network returns, sends the check-ins, says how many, and flags one another device let in first until dismissed', async () => {
    const [amina, baraka] = [
      buildDoorTicket({ holderName: 'Amina' }),
      buildDoorTicket({ holderName: 'Baraka' }),
    ];
    const list = buildDoorList({ id: 'ev-1' }, [amina, baraka]);
    const store = await storeWith(list);
    online = false;
    const user = userEvent.setup();
    renderDoor(store);
    await typeAndVerify(user, amina.shortCode);
    await typeAndVerify(user, baraka.shortCode);
    expect(await screen.findByText('2 check-ins waiting for the network.')).toBeTruthy();
    const posted = serveSync(list, (ticketId) =>
      ticketId === baraka.id
        ? { outcome: 'already_checked_in', checkedInAt: AT_1902, message: DOOR_MESSAGES.elsewhere(AT_1902) }
        : {},
    );

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    expect(await screen.findByText('2 check-ins sent.')).toBeTruthy();
    expect(posted.map((body) => body.checkIns.map((checkIn) => checkIn.ticketId))).toEqual([
      [amina.id, baraka.id],
    ]);
    const attention = within(screen.getByRole('region', { name: 'Needs attention' }));
    expect(attention.getByRole('listitem').textContent).toContain(
      'Baraka: Already checked in at 19:02 on another device',
    );
    expect(screen.queryByText(/waiting for the network/)).toBeNull();

    await user.click(attention.getByRole('button', { name: 'Dismiss: Baraka' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Needs attention' })).toBeNull());
    expect(await store.flags()).toEqual([]);
  });

  it('opened online with check-ins waiting, sends them at once', async () => {
    const ticket = buildDoorTicket();
    const list = buildDoorList({ id: 'ev-1' }, [ticket]);
    const store = await storeWith(list);
    await store.recordCheckIn(list, { eventId: 'ev-1', ticketId: ticket.id, scannedAt: AT_1902 });
    const posted = serveSync(list);

    renderDoor(store);

    expect(await screen.findByText('1 check-in sent.')).toBeTruthy();
    expect(posted).toEqual([
      { deviceId: await store.deviceId(), checkIns: [{ ticketId: ticket.id, scannedAt: AT_1902 }] },
    ]);
  });

  it("says a sync the server refused, keeps the check-ins, and 'Send now' sends them again", async () => {
    const ticket = buildDoorTicket();
    const list = buildDoorList({ id: 'ev-1' }, [ticket]);
    const store = await storeWith(list);
    await store.recordCheckIn(list, { eventId: 'ev-1', ticketId: ticket.id, scannedAt: AT_1902 });
    server.use(
      http.post(
        '/api/events/:id/check-ins',
        () => HttpResponse.json({ statusCode: 502, error: 'Bad Gateway' }, { status: 502 }),
        { once: true },
      ),
    );
    const user = userEvent.setup();
    renderDoor(store);

    expect(await screen.findByText(DOOR_MESSAGES.syncFailed)).toBeTruthy();
    expect(screen.getByText('1 check-in waiting for the network.')).toBeTruthy();
    expect(await store.pending()).toHaveLength(1);

    serveSync(list);
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('1 check-in sent.')).toBeTruthy();
    expect(screen.queryByText(DOOR_MESSAGES.syncFailed)).toBeNull();
  });
});
