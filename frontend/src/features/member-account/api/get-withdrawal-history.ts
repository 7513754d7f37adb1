import type { WithdrawalHistory } from '@ledgerstone/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { searchedPageQuery, type SearchedPage } from '../../../lib/searched-page-query.js';

export const getWithdrawalHistory = (
  params: SearchedPage,
  signal?: AbortSignal,
): Promise<WithdrawalHistory> =>
  api.get<WithdrawalHistory>(`/withdraw?${searchedPageQuery(params)}`, { signal });

export const getWithdrawalHistoryQueryOptions = (params: SearchedPage) =>
  queryOptions({
    queryKey: ['member-withdrawals', params],
    queryFn: ({ signal }) => getWithdrawalHistory(params, signal),
    placeholderData: keepPreviousData,
  });

export const useWithdrawalHistory = (params: SearchedPage) =>
  useQuery(getWithdrawalHistoryQueryOptions(params));
