import type { AdminAccountActivity } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type ActivityRecord = AdminAccountActivity['data'][number];

export const getAccountActivity = async (userId: string, signal?: AbortSignal) => {
  const answer = await api.get<AdminAccountActivity>(`/admin/users/${encodeURIComponent(userId)}/activity`, {
    signal,
  });
  return answer.data;
};

export const getAccountActivityQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'users', userId, 'activity'],
    queryFn: ({ signal }) => getAccountActivity(userId, signal),
  });

export const useAccountActivity = (userId: string) => useQuery(getAccountActivityQueryOptions(userId));
