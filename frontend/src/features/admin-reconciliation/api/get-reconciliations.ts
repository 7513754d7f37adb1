import type { ReconciliationList } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const reconciliationsQueryKey = ['admin', 'books', 'reconciliations'] as const;

export const getReconciliations = (signal?: AbortSignal) =>
  api.get<ReconciliationList>('/admin/books/reconciliations', { signal });

export const getReconciliationsQueryOptions = () =>
  queryOptions({
    queryKey: reconciliationsQueryKey,
    queryFn: ({ signal }) => getReconciliations(signal),
  });

export const useReconciliations = () => useQuery(getReconciliationsQueryOptions());
