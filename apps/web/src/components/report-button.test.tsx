import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { MODERATION_TEXTS } from '@sokoni/contracts/moderation-rules';
import { useAuthStore } from '@/stores/auth';
import { apiFailure } from '@/test/answers';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { ReportButton } from './report-button';

const PRODUCT_ID = '00000000-0000-4000-8000-000000000101';
const SELLER_ID = '00000000-0000-4000-8000-0000000000aa';
/** The dialog's form is loaded when it is first opened (React.lazy). */
const LAZY_LOAD = { timeout: 3000 };

const signIn = (id = 'u-1') =>
  useAuthStore.setState({
    user: { id, name: 'Wairimu Kariuki', email: 'wairimu@example.co.ke', role: 'user', token: 'jwt' },
  });

// Before, not after: the store's change would re-render the button while it is still mounted.
beforeEach(() => {
  useAuthStore.setState({ user: null });
});

const renderButton = () =>
  renderWithProviders(
    <>
      <ReportButton subject="product" subjectId={PRODUCT_ID} ownerId={SELLER_ID} />
      <CurrentUrl />
    </>,
    { url: '/products/1' },
  );

/** Opens the dialog, picks 'Scam or fraud', writes a note and submits. */
async function report(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this product' }, LAZY_LOAD);
  await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
  await user.type(within(dialog).getByLabelText('Anything our team should know (optional)'), 'Fake photos');
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
  return dialog;
}

describe('Report button', () => {
  it("sends the reason and the note, thanks the reporter and then says 'Reported'", async () => {
    signIn();
    const user = userEvent.setup();
    const requests = recordRequests();
    server.use(
      http.post('/api/reports', () =>
        HttpResponse.json(
          { id: '00000000-0000-4000-8000-000000000901', message: MODERATION_TEXTS.reported },
          { status: 201 },
        ),
      ),
    );
    renderButton();

    const dialog = await report(user);

    expect((await within(dialog).findByRole('status')).textContent).toBe(MODERATION_TEXTS.reported);
    expect(requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/api/reports',
        body: { subject: 'product', subjectId: PRODUCT_ID, reason: 'scam', note: 'Fake photos' },
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const button = screen.getByRole('button', { name: 'Reported' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
  });

  it("shows the server's message when the item was already reported, and says 'Reported'", async () => {
    signIn();
    const user = userEvent.setup();
    server.use(
      http.post('/api/reports', () => apiFailure(409, 'ALREADY_REPORTED', MODERATION_TEXTS.alreadyReported)),
    );
    renderButton();

    const dialog = await report(user);

    expect((await within(dialog).findByRole('status')).textContent).toBe(MODERATION_TEXTS.alreadyReported);
    expect(screen.getByRole('button', { name: 'Reported', hidden: true })).toBeTruthy();
  });

  it('asks for a reason before sending anything', async () => {
    signIn();
    const user = userEvent.setup();
    const requests = recordRequests();
    renderButton();

    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this product' }, LAZY_LOAD);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    expect(requests).toEqual([]);
  });

  it('sends a visitor to sign in, and shows no button on their own item to its owner', async () => {
    const user = userEvent.setup();
    const { unmount } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(currentUrl()).toBe('/login');
    unmount();

    signIn(SELLER_ID);
    renderButton();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });
});
