import type { MessageResponse, PayoutWalletsUpdate } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { getPayoutWalletsQueryOptions } from '../../../api/payout-wallets.js';

export const savePayoutWallets = (data: PayoutWalletsUpdate): Promise<MessageResponse> =>
  api.put<MessageResponse>('/user/wallets', data);

export const useSavePayoutWallets = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutWallets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPayoutWalletsQueryOptions().queryKey }),
  });
};
