import type { DepositHistory } from '@ledgerstone/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { memberHistoryQueryString, type MemberHistoryParams } from './member-history-params.js';

export const getDepositHistory = (
  params: MemberHistoryParams,
  signal?: AbortSignal,
): Promise<DepositHistory> =>
  api.get<DepositHistory>(`/transactions/deposit?${memberHistoryQueryString(params)}`, { signal });

export const getDepositHistoryQueryOptions = (params: MemberHistoryParams) =>
  queryOptions({
    queryKey: ['member-deposits', params],
    queryFn: ({ signal }) => getDepositHistory(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDepositHistory = (params: MemberHistoryParams) =>
  useQuery(getDepositHistoryQueryOptions(params));
