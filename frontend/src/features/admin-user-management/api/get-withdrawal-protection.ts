import type { WithdrawalProtection } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

/** The member's address book, hold, lock and limits, as staff see them. */
export const getWithdrawalProtection = (
  userId: string,
  signal?: AbortSignal,
): Promise<WithdrawalProtection> =>
  api.get<WithdrawalProtection>(`/admin/users/${encodeURIComponent(userId)}/withdrawal-protection`, {
    signal,
  });

export const getWithdrawalProtectionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'users', userId, 'withdrawal-protection'],
    queryFn: ({ signal }) => getWithdrawalProtection(userId, signal),
  });

export const useWithdrawalProtection = (userId: string) =>
  useQuery(getWithdrawalProtectionQueryOptions(userId));
