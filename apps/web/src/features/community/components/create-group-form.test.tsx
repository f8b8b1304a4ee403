import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { useAuthStore } from '@/stores/auth';
import { apiFailure } from '@/test/answers';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { CreateGroupForm } from './create-group-form';

beforeEach(() => {
  useAuthStore.setState({
    user: { id: 'u1', name: 'Wambui Kariuki', email: 'wambui@example.co.ke', role: 'user', token: 't' },
  });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

describe('create group form', () => {
  it("shows 'Failed to create the group. Please try again.' when the server fails without its own message", async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    server.use(
      http.post('/api/community/groups', () =>
        HttpResponse.json({ statusCode: 500, error: 'Internal Server Error' }, { status: 500 }),
      ),
    );
    renderWithProviders(<CreateGroupForm />, { url: '/community/groups/new' });

    await user.type(screen.getByLabelText('Group name'), 'Kilimo Hub');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to create the group. Please try again.'),
    );
    expect(requests).toHaveLength(1);
    expect(screen.getByLabelText<HTMLInputElement>('Group name').value).toBe('Kilimo Hub');
  });

  it.each([
    ['GROUP_NAME_TAKEN', 409, COMMUNITY_MESSAGES.groupNameTaken],
    // A refusal newer than this build (a code it does not know) is told in the server's words too.
    ['GROUPS_PER_DAY_LIMIT', 429, 'You can create 3 groups a day. Try again tomorrow.'],
  ])("shows the server's own message for a %s refusal", async (code, status, message) => {
    const user = userEvent.setup();
    server.use(http.post('/api/community/groups', () => apiFailure(status, code, message)));
    renderWithProviders(<CreateGroupForm />, { url: '/community/groups/new' });

    await user.type(screen.getByLabelText('Group name'), 'Kilimo Hub');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.getByLabelText<HTMLInputElement>('Group name').value).toBe('Kilimo Hub');
  });
});
