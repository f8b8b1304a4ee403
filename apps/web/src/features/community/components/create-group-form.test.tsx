import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { jsonResponse } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
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
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        jsonResponse({ statusCode: 500, error: 'Internal Server Error' }, { status: 500 }),
      );
    renderWithProviders(<CreateGroupForm />, { url: '/community/groups/new' });

    await user.type(screen.getByLabelText('Group name'), 'Kilimo Hub');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to create the group. Please try again.'),
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText<HTMLInputElement>('Group name').value).toBe('Kilimo Hub');
  });
});
