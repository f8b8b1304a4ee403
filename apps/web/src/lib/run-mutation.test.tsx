import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { runMutation } from './run-mutation';

/** A mutation whose answer the test gives, once the component that asked has unmounted. */
function mountedThenGone() {
  let answer!: { resolve: (value: string) => void; reject: (error: Error) => void };
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result, unmount } = renderHook(
    () =>
      useMutation({
        mutationFn: () =>
          new Promise<string>((resolve, reject) => {
            answer = { resolve, reject };
          }),
      }),
    { wrapper },
  );
  return { mutation: result.current, unmount, answer: () => answer };
}

describe('runMutation', () => {
  it("runs the success follow-up after the component that asked is gone, where mutate's own is dropped", async () => {
    const dropped = vi.fn();
    const followed = vi.fn();
    const settled = vi.fn();
    const viaMutate = mountedThenGone();
    const viaRun = mountedThenGone();
    // eslint-disable-next-line no-restricted-syntax -- the way runMutation replaces, for the contrast
    viaMutate.mutation.mutate(undefined, { onSuccess: dropped });
    runMutation(viaRun.mutation, undefined, { onSuccess: followed, onSettled: settled });
    await vi.waitFor(() => expect(viaRun.answer()).toBeDefined());

    viaMutate.unmount();
    viaRun.unmount();
    viaMutate.answer().resolve('sent');
    viaRun.answer().resolve('sent');

    await vi.waitFor(() => expect(settled).toHaveBeenCalledOnce());
    expect(followed).toHaveBeenCalledWith('sent');
    expect(dropped).not.toHaveBeenCalled();
  });

  it('hands a failure to onError, and one without onError is no unhandled rejection', async () => {
    const failed = vi.fn();
    const told = mountedThenGone();
    const untold = mountedThenGone();
    runMutation(told.mutation, undefined, { onError: failed });
    runMutation(untold.mutation, undefined, {});
    await vi.waitFor(() => expect(untold.answer()).toBeDefined());
    const refusal = new Error('refused');
    told.answer().reject(refusal);
    untold.answer().reject(new Error('refused too'));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledWith(refusal));
  });
});
