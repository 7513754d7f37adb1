import type { AdminTotals } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getAdminTotals = (signal?: AbortSignal): Promise<AdminTotals> =>
  api.get<AdminTotals>('/admin/totals', { signal });

export const getAdminTotalsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'totals'], queryFn: ({ signal }) => getAdminTotals(signal) });

export const useAdminTotals = () => useQuery(getAdminTotalsQueryOptions());
