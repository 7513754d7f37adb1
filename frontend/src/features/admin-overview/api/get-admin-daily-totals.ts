import type { AdminDailyTotals } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getAdminDailyTotals = (days: number, signal?: AbortSignal): Promise<AdminDailyTotals> =>
  api.get<AdminDailyTotals>(`/admin/daily-totals?days=${days}`, { signal });

export const getAdminDailyTotalsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['admin', 'daily-totals', days],
    queryFn: ({ signal }) => getAdminDailyTotals(days, signal),
  });

export const useAdminDailyTotals = (days: number) => useQuery(getAdminDailyTotalsQueryOptions(days));
