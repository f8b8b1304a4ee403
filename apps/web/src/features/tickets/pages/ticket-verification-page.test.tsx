import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareZXingModule, type IScannerError, type IScannerProps } from '@yudiel/react-qr-scanner';
import type { TicketVerification } from '@sokoni/contracts/events';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { SCANNER_DID_NOT_START } from '../lib/ticket-messages';
import { SCANNER_TOGGLE_LOCK_MS, TicketVerificationPage } from './ticket-verification-page';

// The camera is not there in tests: the scanner is a stand-in that keeps the props it was given.
const scanner = vi.hoisted(() => ({ props: null as IScannerProps | null }));
vi.mock('@yudiel/react-qr-scanner', () => ({
  prepareZXingModule: vi.fn(),
  Scanner: (props: IScannerProps) => {
    scanner.props = props;
    return <div data-testid="camera" />;
  },
}));

afterEach(() => {
  scanner.props = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const TICKET_ID = 'tkt_0123456789abcdef0123456789abcdef';

const verified: TicketVerification = {
  message: EVENT_MESSAGES.verified,
  ticket: {
    user: { firstName: 'Amina', lastName: 'Wanjiku Hassan' },
    event: { title: 'Blankets & Wine' },
    quantity: 2,
  },
};

/** POST /api/events/tickets/verify answering `response`; the bodies sent are kept. */
function serveVerify(response: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/events/tickets/verify', async ({ request }) => {
      bodies.push(await request.json());
      return response();
    }),
  );
  return bodies;
}

const idInput = () => screen.getByLabelText('Ticket code');
const verifyButton = () => screen.getByRole('button', { name: 'Verify Ticket' });
const toggle = () => screen.getByRole('button', { name: /^(Scan QR Code|Close Scanner)$/ });
const result = () => screen.getByTestId('verification-result');

function scan(text: string) {
  act(() =>
    scanner.props!.onScan([
      {
        rawValue: text,
        format: 'qr_code',
        boundingBox: { x: 0, y: 0, width: 1, height: 1 },
        cornerPoints: [],
      },
    ]),
  );
}

describe('Ticket Verification', () => {
  it('shows the heading, the hint, a closed scanner and the ticket ID input', () => {
    renderWithProviders(<TicketVerificationPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Ticket Verification' })).toBeTruthy();
    expect(screen.getByText('Enter the ticket ID or use the camera to scan the QR code.')).toBeTruthy();
    expect(toggle().textContent).toBe('Scan QR Code');
    expect(screen.queryByTestId('camera')).toBeNull();
    expect(idInput().getAttribute('placeholder')).toBe('Enter ticket ID');
    expect(verifyButton().hasAttribute('disabled')).toBe(false);
  });

  it('asks for an ID or a scan when the input is empty, and asks the server nothing', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    renderWithProviders(<TicketVerificationPage />);

    await user.type(idInput(), '   ');
    await user.click(verifyButton());

    expect(screen.getByText('Please enter a ticket ID Or Scann the QR Code.')).toBeTruthy();
    expect(EVENT_MESSAGES.ticketIdRequired).toBe('Please enter a ticket ID Or Scann the QR Code.');
    expect(idInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('verification-result')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('checks a typed ID in and shows the green panel with the user, the event and the tickets', async () => {
    const user = userEvent.setup();
    const bodies = serveVerify(() => HttpResponse.json(verified));
    renderWithProviders(<TicketVerificationPage />);

    await user.type(idInput(), ` ${TICKET_ID} `);
    await user.click(verifyButton());

    await waitFor(() => expect(result().getAttribute('role')).toBe('status'));
    expect(bodies).toEqual([{ ticketId: TICKET_ID }]);
    expect(result().className).toContain('bg-emerald-50');
    expect(result().querySelector('svg')).toBeTruthy();
    expect(result().textContent).toContain('Ticket verified successfully');
    const details = [...result().querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(details).toEqual([
      ['User', 'Amina Wanjiku Hassan'],
      ['Event', 'Blankets & Wine'],
      ['Tickets', '2'],
    ]);
  });

  it.each([
    [
      409,
      'ALREADY_CHECKED_IN',
      EVENT_MESSAGES.alreadyCheckedIn('Amina Wanjiku Hassan', '2026-11-20T15:05:00Z'),
    ],
    // Also the answer to a ticket of another organizer's event: the door tells no one which IDs exist.
    [404, 'TICKET_NOT_FOUND', EVENT_MESSAGES.ticketNotFound],
  ])('shows the red panel with the server message on a %i', async (status, code, message) => {
    const user = userEvent.setup();
    serveVerify(() => HttpResponse.json({ statusCode: status, error: 'Error', code, message }, { status }));
    renderWithProviders(<TicketVerificationPage />);

    await user.type(idInput(), TICKET_ID);
    await user.click(verifyButton());

    await waitFor(() => expect(result().getAttribute('role')).toBe('alert'));
    expect(result().className).toContain('bg-red-50');
    expect(result().querySelector('svg')).toBeTruthy();
    expect(result().textContent).toContain(message);
    expect(result().querySelector('dl')).toBeNull();
  });

  it.each([
    ['an answer with no message', () => HttpResponse.json({}, { status: 502 })],
    [
      'an unexpected server error',
      () => HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'boom' }, { status: 500 }),
    ],
    ['a dropped connection', () => HttpResponse.error()],
  ])('says Verification failed. Please try again. on %s', async (_case, response) => {
    const user = userEvent.setup();
    serveVerify(response);
    renderWithProviders(<TicketVerificationPage />);

    await user.type(idInput(), TICKET_ID);
    await user.click(verifyButton());

    await waitFor(() => expect(result().getAttribute('role')).toBe('alert'));
    expect(result().textContent).toContain('Verification failed. Please try again.');
    expect(EVENT_MESSAGES.verifyFailed).toBe('Verification failed. Please try again.');
  });

  it('disables Verify Ticket with a spinner while the check runs', async () => {
    const user = userEvent.setup();
    let answer!: (response: Response) => void;
    serveVerify(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<TicketVerificationPage />);

    await user.type(idInput(), TICKET_ID);
    await user.click(verifyButton());

    await waitFor(() => expect(verifyButton().hasAttribute('disabled')).toBe(true));
    expect(verifyButton().querySelector('.animate-spin')).toBeTruthy();
    answer(HttpResponse.json(verified));
    await waitFor(() => expect(verifyButton().hasAttribute('disabled')).toBe(false));
    expect(verifyButton().querySelector('.animate-spin')).toBeNull();
  });

  it('opens the rear-camera QR scanner; a scanned code fills the input and is verified at once', async () => {
    const user = userEvent.setup();
    const bodies = serveVerify(() => HttpResponse.json(verified));
    renderWithProviders(<TicketVerificationPage />);

    await user.click(toggle());

    expect(screen.getByTestId('camera')).toBeTruthy();
    expect(screen.getByText('Align the QR code within the frame.')).toBeTruthy();
    expect(toggle().textContent).toBe('Close Scanner');
    expect(verifyButton().hasAttribute('disabled')).toBe(true);
    expect(scanner.props!.formats).toEqual(['qr_code']);
    expect(scanner.props!.constraints).toEqual({
      facingMode: 'environment',
      width: { min: 640, ideal: 720, max: 1920 },
      height: { min: 640, ideal: 720, max: 1080 },
    });
    expect(scanner.props!.components).toMatchObject({ finder: true, torch: true });

    scan(TICKET_ID);

    expect(idInput()).toHaveProperty('value', TICKET_ID);
    expect(screen.queryByTestId('camera')).toBeNull();
    await waitFor(() => expect(result().textContent).toContain('Ticket verified successfully'));
    expect(bodies).toEqual([{ ticketId: TICKET_ID }]);
  });

  it('Verify Another clears the input and the result and opens the scanner', async () => {
    const user = userEvent.setup();
    serveVerify(() => HttpResponse.json(verified));
    renderWithProviders(<TicketVerificationPage />);
    await user.type(idInput(), TICKET_ID);
    await user.click(verifyButton());
    await waitFor(() => expect(result()).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Verify Another' }));

    expect(idInput()).toHaveProperty('value', '');
    expect(screen.queryByTestId('verification-result')).toBeNull();
    expect(screen.getByTestId('camera')).toBeTruthy();
    expect(toggle().textContent).toBe('Close Scanner');
  });

  it(`locks the scanner toggle for ${SCANNER_TOGGLE_LOCK_MS} ms after each press`, async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<TicketVerificationPage />);

    await user.click(toggle());
    expect(toggle().textContent).toBe('Close Scanner');
    expect(toggle().hasAttribute('disabled')).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(toggle().hasAttribute('disabled')).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(toggle().hasAttribute('disabled')).toBe(false);

    await user.click(toggle());
    expect(toggle().textContent).toBe('Scan QR Code');
    expect(screen.queryByTestId('camera')).toBeNull();
    expect(toggle().hasAttribute('disabled')).toBe(true);
    act(() => vi.advanceTimersByTime(SCANNER_TOGGLE_LOCK_MS));
    expect(toggle().hasAttribute('disabled')).toBe(false);
    expect(SCANNER_TOGGLE_LOCK_MS).toBe(1000);
  });

  it('says nothing when the camera start is aborted because the scanner was closed', async () => {
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error');
    renderWithProviders(<TicketVerificationPage />);
    await user.click(toggle());

    act(() => scanner.props!.onError!({ kind: 'aborted', message: 'interrupted', cause: null }));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("loads the QR engine's wasm from the app's own assets, never from a CDN", () => {
    expect(prepareZXingModule).toHaveBeenCalledTimes(1);
    const [options] = vi.mocked(prepareZXingModule).mock.calls[0]!;
    const locateFile = options!.overrides!.locateFile!;
    const cdn = 'https://fastly.jsdelivr.net/npm/zxing-wasm@3.1.3/dist/reader/';

    expect(locateFile('zxing_reader.wasm', cdn)).toMatch(/^\/.*zxing_reader\.wasm$/);
    expect(locateFile('zxing_reader.data', cdn)).toBe(`${cdn}zxing_reader.data`);
  });

  it.each<[IScannerError['kind'], string, string]>([
    ['permission-denied', 'NotAllowedError', 'Camera access was denied.'],
    ['no-camera', 'NotFoundError', 'No camera was found on this device.'],
    ['insecure-context', 'Error', 'The camera only works on a secure (https) connection.'],
    ['unsupported', 'Error', 'This browser cannot use a camera.'],
    ['overconstrained', 'OverconstrainedError', 'This camera cannot film a clear enough picture to scan.'],
    ['unknown', 'Error', SCANNER_DID_NOT_START],
  ])('says plainly when the camera fails (%s), and a typed ID still works', async (kind, name, text) => {
    const user = userEvent.setup();
    const bodies = serveVerify(() => HttpResponse.json(verified));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<TicketVerificationPage />);
    await user.click(toggle());

    act(() => scanner.props!.onError!({ kind, message: name, cause: new Error(name) }));

    expect(screen.getByRole('alert').textContent).toContain(text);
    expect(consoleError).toHaveBeenCalledWith(`Scanner: ${kind}: ${name}`);
    expect(screen.queryByTestId('camera')).toBeNull();
    expect(toggle().textContent).toBe('Scan QR Code');
    await user.type(idInput(), TICKET_ID);
    await user.click(verifyButton());
    await waitFor(() => expect(result().textContent).toContain('Ticket verified successfully'));
    expect(bodies).toEqual([{ ticketId: TICKET_ID }]);
  });
});
