import type { PayoutWallets } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client.js';

export const getPayoutWallets = (signal?: AbortSignal): Promise<PayoutWallets> =>
  api.get<PayoutWallets>('/user/wallets', { signal });

export const getPayoutWalletsQueryOptions = () =>
  queryOptions({ queryKey: ['payout-wallets'], queryFn: ({ signal }) => getPayoutWallets(signal) });

export const usePayoutWallets = () => useQuery(getPayoutWalletsQueryOptions());
