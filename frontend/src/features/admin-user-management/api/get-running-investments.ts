import type { RunningInvestments } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getRunningInvestments = async (userId: string, signal?: AbortSignal) => {
  const answer = await api.get<RunningInvestments>(`/admin/users/${encodeURIComponent(userId)}/investments`, {
    signal,
  });
  return answer.data;
};

export const getRunningInvestmentsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'users', userId, 'investments'],
    queryFn: ({ signal }) => getRunningInvestments(userId, signal),
  });

export const useRunningInvestments = (userId: string) => useQuery(getRunningInvestmentsQueryOptions(userId));
