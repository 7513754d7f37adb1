import type { WithdrawalHistory } from '@ledgerstone/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { memberHistoryQueryString, type MemberHistoryParams } from './member-history-params.js';

export const getWithdrawalHistory = (
  params: MemberHistoryParams,
  signal?: AbortSignal,
): Promise<WithdrawalHistory> =>
  api.get<WithdrawalHistory>(`/withdraw?${memberHistoryQueryString(params)}`, { signal });

export const getWithdrawalHistoryQueryOptions = (params: MemberHistoryParams) =>
  queryOptions({
    queryKey: ['member-withdrawals', params],
    queryFn: ({ signal }) => getWithdrawalHistory(params, signal),
    placeholderData: keepPreviousData,
  });

export const useWithdrawalHistory = (params: MemberHistoryParams) =>
  useQuery(getWithdrawalHistoryQueryOptions(params));
