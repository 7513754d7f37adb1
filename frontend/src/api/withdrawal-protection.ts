import type { WithdrawalProtection } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client.js';

/** GET /api/user/withdrawal-protection: the address book's usable-from times, any hold or lock, and the limits. */
export const getWithdrawalProtection = (signal?: AbortSignal): Promise<WithdrawalProtection> =>
  api.get<WithdrawalProtection>('/user/withdrawal-protection', { signal });

export const getWithdrawalProtectionQueryOptions = () =>
  queryOptions({
    queryKey: ['withdrawal-protection'],
    queryFn: ({ signal }) => getWithdrawalProtection(signal),
  });

export const useWithdrawalProtection = () => useQuery(getWithdrawalProtectionQueryOptions());
