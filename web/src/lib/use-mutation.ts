import {
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation as useTanstackMutation,
} from '@tanstack/react-query';
import { useCallback } from 'react';

/** What a caller is told when its own call is answered (TanStack's per-call callbacks, first arguments only). */
export interface MutateCallbacks<TData, TError, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: TError, variables: TVariables) => void;
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => void;
}

/** Each state of TanStack's result (idle, pending, error, success: `isError` still narrows `error`). */
type WithMutate<R, TData, TError, TVariables> = R extends unknown
  ? Omit<R, 'mutate'> & {
      mutate: (variables: TVariables, callbacks?: MutateCallbacks<TData, TError, TVariables>) => void;
    }
  : never;

export type Mutation<TData, TError, TVariables, TOnMutateResult> = WithMutate<
  UseMutationResult<TData, TError, TVariables, TOnMutateResult>,
  TData,
  TError,
  TVariables
>;

/**
 * TanStack's useMutation, except that the callbacks given to `mutate` run even when the component that called it
 * is gone by the time the answer comes. TanStack skips them then; and an answer often removes its own caller: the
 * refresh after "Reject" drops the offer's row from the "Needs action" list, a confirmation dialog closes. Whether
 * React commits that removal before the callbacks ran depends on the machine's load, so "Offer updated
 * successfully" was sometimes never shown. Every feature's mutation hook is made with this one (Biome refuses
 * TanStack's own elsewhere); a callback that sets state on a removed component does nothing.
 */
export function useMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TOnMutateResult = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): Mutation<TData, TError, TVariables, TOnMutateResult> {
  const result = useTanstackMutation(options);
  const { mutateAsync } = result;
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateCallbacks<TData, TError, TVariables>) => {
      mutateAsync(variables).then(
        (data) => {
          callbacks?.onSuccess?.(data, variables);
          callbacks?.onSettled?.(data, null, variables);
        },
        (error: TError) => {
          callbacks?.onError?.(error, variables);
          callbacks?.onSettled?.(undefined, error, variables);
        },
      );
    },
    [mutateAsync],
  );
  return { ...result, mutate } as Mutation<TData, TError, TVariables, TOnMutateResult>;
}
