import { useState } from 'react';

type SubmissionCallbacks<TResult> = {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
};

/**
 * A request a form sends, and whether it is on its way: what the sign-in screens need of a mutation, without
 * loading react-query on pages that cache nothing.
 */
export function useSubmission<TVariables, TResult>(
  send: (variables: TVariables) => Promise<TResult>,
  options: { onSuccess?: (result: TResult) => void } = {},
) {
  const [isPending, setPending] = useState(false);
  const { onSuccess } = options;
  const mutate = (variables: TVariables, callbacks: SubmissionCallbacks<TResult> = {}) => {
    setPending(true);
    send(variables).then(
      (result) => {
        setPending(false);
        onSuccess?.(result);
        callbacks.onSuccess?.(result);
      },
      (error: unknown) => {
        setPending(false);
        callbacks.onError?.(error);
      },
    );
  };
  return { mutate, isPending };
}
