import type { WithdrawalHistory } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getWithdrawalHistory = (signal?: AbortSignal): Promise<WithdrawalHistory> =>
  api.get<WithdrawalHistory>('/withdraw', { signal });

export const getWithdrawalHistoryQueryOptions = () =>
  queryOptions({ queryKey: ['member-withdrawals'], queryFn: ({ signal }) => getWithdrawalHistory(signal) });

export const useWithdrawalHistory = () => useQuery(getWithdrawalHistoryQueryOptions());
