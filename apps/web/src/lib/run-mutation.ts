import type { UseMutationResult } from '@tanstack/react-query';

type Follow<TData, TError> = {
  onSuccess?: (data: TData) => void;
  onError?: (error: TError) => void;
  onSettled?: () => void;
};

/**
 * `mutation.mutate(variables, follow)`, except that `follow` runs even when the component that asked
 * is gone by the time the answer comes. A success often refreshes the very data that showed the
 * button or form that sent it (a review ends the right to review; a cancelled item loses its Cancel
 * button), and TanStack Query drops `mutate`'s own callbacks once their component has unmounted: the
 * toast saying it worked was lost whenever the refreshed data came first. A failure with no `onError`
 * is shown from the mutation's state, as with `mutate`.
 */
export function runMutation<TData, TError, TVariables>(
  mutation: Pick<UseMutationResult<TData, TError, TVariables>, 'mutateAsync'>,
  variables: TVariables,
  follow: Follow<TData, TError>,
): void {
  mutation
    .mutateAsync(variables)
    .then(follow.onSuccess, (error: TError) => follow.onError?.(error))
    .finally(follow.onSettled);
}
