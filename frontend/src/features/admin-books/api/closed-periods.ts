import type {
  ClosedPeriodList,
  ClosePeriodRequest,
  ClosePeriodResponse,
  ProposalResponse,
  TrialBalance,
} from '@ledgerstone/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getClosedPeriodsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'books', 'periods'],
    queryFn: ({ signal }) => api.get<ClosedPeriodList>('/admin/books/periods', { signal }),
  });

export const useClosedPeriods = () => useQuery(getClosedPeriodsQueryOptions());

export const useClosedPeriodTrialBalance = (period: string | null) =>
  useQuery({
    queryKey: ['admin', 'books', 'periods', period, 'trial-balance'],
    queryFn: ({ signal }) =>
      api.get<TrialBalance>(`/admin/books/periods/${encodeURIComponent(period ?? '')}/trial-balance`, {
        signal,
      }),
    enabled: period !== null,
  });

export const useClosePeriod = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ClosePeriodRequest) =>
      api.post<ClosePeriodResponse | ProposalResponse>('/admin/books/periods', data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getClosedPeriodsQueryOptions().queryKey }),
  });
};
