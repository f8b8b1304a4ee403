import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { MODERATION_TEXTS, type ModerationCase } from '@sokoni/contracts/moderation';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { ModerationPage } from './moderation-page';

const signIn = (role: 'user' | 'admin') =>
  useAuthStore.setState({
    user: { id: 'u-1', name: 'Sokoni Admin', email: 'admin@example.co.ke', role, token: 'jwt' },
  });

// Before, not after: the store's change would re-render the page while it is still mounted.
beforeEach(() => {
  useAuthStore.setState({ user: null });
});

const OWNER_ID = '00000000-0000-4000-8000-0000000000aa';

function buildCase(overrides: Partial<ModerationCase> = {}): ModerationCase {
  return {
    id: '00000000-0000-4000-8000-000000000c01',
    subject: 'product',
    subjectId: '00000000-0000-4000-8000-000000000101',
    title: 'Kiondo basket',
    path: '/products/00000000-0000-4000-8000-000000000101',
    owner: { id: OWNER_ID, name: 'Juma Mwangi', suspended: false },
    state: 'hidden',
    hiddenReason: MODERATION_TEXTS.hiddenPendingReview,
    openedAt: '2026-01-10T08:00:00.000Z',
    reports: [
      {
        id: '00000000-0000-4000-8000-000000000d01',
        reporterName: 'Achieng Otieno',
        reason: 'scam',
        note: 'Asks for M-Pesa before showing the item',
        createdAt: '2026-01-10T08:00:00.000Z',
      },
    ],
    decisions: [{ action: 'auto_hide', reason: '', decidedBy: null, decidedAt: '2026-01-10T09:00:00.000Z' }],
    ...overrides,
  };
}

const caseCard = () => screen.findByRole('article', { name: 'Kiondo basket' });

describe('Moderation (admin)', () => {
  it('shows each reported item oldest first with its owner, reports and decisions; or that none wait', async () => {
    signIn('admin');
    const later = buildCase({
      id: '00000000-0000-4000-8000-000000000c02',
      subject: 'reply',
      title: 'Buy followers cheap',
      path: null,
      state: 'open',
      hiddenReason: null,
      owner: { id: OWNER_ID, name: 'Juma Mwangi', suspended: true },
      decisions: [],
    });
    server.use(http.get('/api/admin/reports', () => HttpResponse.json({ items: [buildCase(), later] })));
    const { unmount } = renderWithProviders(<ModerationPage />, { url: '/admin/moderation' });

    const card = within(await caseCard());
    expect(
      screen.getAllByTestId('moderation-case').map((item) => item.querySelector('h2')?.textContent),
    ).toEqual(['Kiondo basket', 'Buy followers cheap']);
    expect(card.getByRole('link', { name: 'Kiondo basket' }).getAttribute('href')).toBe(
      '/products/00000000-0000-4000-8000-000000000101',
    );
    expect(card.getByText('Product')).toBeTruthy();
    expect(card.getByTestId('case-owner').textContent).toBe('Juma Mwangi');
    expect(card.getByTestId('case-state').textContent).toBe('State: Hidden');
    expect(card.getByText('Scam or fraud')).toBeTruthy();
    expect(card.getByText('Asks for M-Pesa before showing the item')).toBeTruthy();
    expect(card.getByText('Achieng Otieno')).toBeTruthy();
    expect(card.getByText('Hidden after 3 reports')).toBeTruthy();
    const reply = within(screen.getByRole('article', { name: 'Buy followers cheap' }));
    expect(reply.getByText('Suspended')).toBeTruthy();
    expect(reply.queryByRole('link')).toBeNull();
    expect(reply.queryByRole('button', { name: /^Suspend owner/ })).toBeNull();
    unmount();

    server.use(http.get('/api/admin/reports', () => HttpResponse.json({ items: [] })));
    renderWithProviders(<ModerationPage />, { url: '/admin/moderation' });
    expect(await screen.findByText(MODERATION_TEXTS.queueEmpty)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(MODERATION_TEXTS.queueEmpty);
  });

  it('hides an item with the reason its owner sees, asking for one first', async () => {
    signIn('admin');
    const user = userEvent.setup();
    const requests = recordRequests();
    const hidden = buildCase({
      hiddenReason: 'Counterfeit goods',
      decisions: [
        ...buildCase().decisions,
        {
          action: 'hide',
          reason: 'Counterfeit goods',
          decidedBy: 'Sokoni Admin',
          decidedAt: '2026-01-11T09:00:00.000Z',
        },
      ],
    });
    server.use(
      http.get('/api/admin/reports', () => HttpResponse.json({ items: [buildCase()] })),
      http.post('/api/admin/reports/:caseId/resolve', () => HttpResponse.json(hidden)),
    );
    renderWithProviders(<ModerationPage />, { url: '/admin/moderation' });

    await user.click(within(await caseCard()).getByRole('button', { name: 'Hide Kiondo basket' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Kiondo basket?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText('Say why it is hidden: its owner sees this.')).toBeTruthy();
    expect(requests).toEqual([expect.objectContaining({ method: 'GET' })]);

    await user.type(within(dialog).getByLabelText('Reason its owner sees'), 'Counterfeit goods');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = within(await caseCard());
    expect(card.getByText('Counterfeit goods', { selector: 'span' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Hide Kiondo basket' })).toBeNull();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/admin/reports/00000000-0000-4000-8000-000000000c01/resolve',
      body: { action: 'hide', reason: 'Counterfeit goods' },
    });
  });

  it('restores an item, then suspends its owner after asking why', async () => {
    signIn('admin');
    const user = userEvent.setup();
    const requests = recordRequests();
    const restored = buildCase({
      state: 'restored',
      hiddenReason: null,
      decisions: [
        ...buildCase().decisions,
        { action: 'restore', reason: '', decidedBy: 'Sokoni Admin', decidedAt: '2026-01-11T09:00:00.000Z' },
      ],
    });
    server.use(
      http.get('/api/admin/reports', () => HttpResponse.json({ items: [buildCase()] })),
      http.post('/api/admin/reports/:caseId/resolve', () => HttpResponse.json(restored)),
      http.post('/api/admin/users/:id/suspend', () =>
        HttpResponse.json({
          userId: OWNER_ID,
          reason: 'Repeated scams',
          suspendedAt: '2026-01-11T10:00:00.000Z',
          hiddenListings: 1,
        }),
      ),
    );
    renderWithProviders(<ModerationPage />, { url: '/admin/moderation' });

    await user.click(within(await caseCard()).getByRole('button', { name: 'Restore Kiondo basket' }));
    const card = within(await caseCard());
    await waitFor(() => expect(card.getByTestId('case-state').textContent).toBe('State: Restored'));
    expect(card.queryByRole('button', { name: 'Restore Kiondo basket' })).toBeNull();
    expect(requests.at(-1)).toMatchObject({ body: { action: 'restore', reason: '' } });

    await user.click(card.getByRole('button', { name: 'Suspend owner Juma Mwangi' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Juma Mwangi?' });
    await user.type(within(dialog).getByLabelText('Reason the owner sees'), 'Repeated scams');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, suspend' }));

    expect(await card.findByText('Suspended')).toBeTruthy();
    expect(card.queryByRole('button', { name: /^Suspend owner/ })).toBeNull();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/admin/users/${OWNER_ID}/suspend`,
      body: { reason: 'Repeated scams' },
    });
  });

  it('shows anyone else the not-allowed state, without asking the server', () => {
    signIn('user');
    const requests = recordRequests();
    renderWithProviders(<ModerationPage />, { url: '/admin/moderation' });

    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.adminOnly);
    expect(requests).toEqual([]);
  });
});
