import type { AdminRunningInvestments } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type MemberInvestment = AdminRunningInvestments['data'][number];

export const getRunningInvestments = async (signal?: AbortSignal) => {
  const answer = await api.get<AdminRunningInvestments>('/admin/investments', { signal });
  return answer.data;
};

export const getRunningInvestmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'investments'],
    queryFn: ({ signal }) => getRunningInvestments(signal),
  });

export const useRunningInvestments = () => useQuery(getRunningInvestmentsQueryOptions());
