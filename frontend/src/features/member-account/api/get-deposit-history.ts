import type { DepositHistory } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getDepositHistory = (signal?: AbortSignal): Promise<DepositHistory> =>
  api.get<DepositHistory>('/transactions/deposit', { signal });

export const getDepositHistoryQueryOptions = () =>
  queryOptions({ queryKey: ['member-deposits'], queryFn: ({ signal }) => getDepositHistory(signal) });

export const useDepositHistory = () => useQuery(getDepositHistoryQueryOptions());
