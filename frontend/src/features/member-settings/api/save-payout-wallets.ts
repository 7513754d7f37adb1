import type { MessageResponse, PayoutWalletsUpdate, StepUpFactorInput } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { getPayoutWalletsQueryOptions } from '../../../api/payout-wallets.js';

/** The addresses in their canonical form, and the second factor as the member gave it (the server reads it). */
export type PayoutWalletsChange = Omit<PayoutWalletsUpdate, 'secondFactor'> & {
  secondFactor?: StepUpFactorInput;
};

export const savePayoutWallets = (data: PayoutWalletsChange): Promise<MessageResponse> =>
  api.put<MessageResponse>('/user/wallets', data);

export const useSavePayoutWallets = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutWallets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPayoutWalletsQueryOptions().queryKey }),
  });
};
