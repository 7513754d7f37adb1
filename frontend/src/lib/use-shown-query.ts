import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';

/** What a screen shows of a query. */
export type ShownQuery<T> = { data: T | undefined; isPending: boolean; isError: boolean };

/**
 * A query's answer as a screen shows it, rendered in the background: react-query's updates render at once, in
 * one task, which on a phone blocks input for a few hundred milliseconds while a dashboard's cards and tables
 * replace their placeholders. Passed to a memoized component, the update renders as a transition instead, which
 * yields to the browser every few milliseconds; the object changes only when what is shown does.
 */
export function useShownQuery<T>({ data, isPending, isError }: UseQueryResult<T>): ShownQuery<T> {
  const shown = useMemo(() => ({ data, isPending, isError }), [data, isPending, isError]);
  return useDeferredValue(shown);
}
