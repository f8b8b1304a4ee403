import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { jsonResponse } from '@/test/api-fakes';
import { renderWithProviders, submitForm, typeInto, waitFor } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { CreateGroupForm } from './create-group-form';

let rendered: Rendered | undefined;

beforeEach(() => {
  useAuthStore.setState({
    user: { id: 'u1', name: 'Wambui Kariuki', email: 'wambui@example.co.ke', role: 'user', token: 't' },
  });
});

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

function find<T extends Element>(selector: string): T {
  const element = rendered?.container.querySelector<T>(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  return element;
}

describe('create group form', () => {
  it("shows 'Failed to create the group. Please try again.' when the server fails without its own message", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        jsonResponse({ statusCode: 500, error: 'Internal Server Error' }, { status: 500 }),
      );
    rendered = renderWithProviders(<CreateGroupForm />, { url: '/community/groups/new' });

    typeInto(find<HTMLInputElement>('#group-name'), 'Kilimo Hub');
    submitForm(find<HTMLFormElement>('form'));

    await waitFor(() =>
      expect(find('[role="alert"]').textContent).toBe('Failed to create the group. Please try again.'),
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(find<HTMLInputElement>('#group-name').value).toBe('Kilimo Hub');
  });
});
