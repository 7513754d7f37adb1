import type { MessageResponse, PayoutWalletsUpdate, StepUpFactorInput } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { getPayoutWalletsQueryOptions } from '../../../api/payout-wallets.js';
import { getWithdrawalProtectionQueryOptions } from '../../../api/withdrawal-protection.js';

/** The addresses in their canonical form, and the second factor as the member gave it (the server reads it). */
export type PayoutWalletsChange = Omit<PayoutWalletsUpdate, 'secondFactor'> & {
  secondFactor?: StepUpFactorInput;
};

export const savePayoutWallets = (data: PayoutWalletsChange): Promise<MessageResponse> =>
  api.put<MessageResponse>('/user/wallets', data);

/**
 * A saved address starts its cooling period, and a refusal may come from a lock the screen did not know of
 * yet: either way the address book's protection is read again.
 */
export const useSavePayoutWallets = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutWallets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPayoutWalletsQueryOptions().queryKey }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getWithdrawalProtectionQueryOptions().queryKey }),
  });
};
