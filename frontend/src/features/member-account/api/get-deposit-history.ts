import type { DepositHistory } from '@ledgerstone/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { searchedPageQuery, type SearchedPage } from '../../../lib/searched-page-query.js';

export const getDepositHistory = (params: SearchedPage, signal?: AbortSignal): Promise<DepositHistory> =>
  api.get<DepositHistory>(`/transactions/deposit?${searchedPageQuery(params)}`, { signal });

export const getDepositHistoryQueryOptions = (params: SearchedPage) =>
  queryOptions({
    queryKey: ['member-deposits', params],
    queryFn: ({ signal }) => getDepositHistory(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDepositHistory = (params: SearchedPage) => useQuery(getDepositHistoryQueryOptions(params));
