import type { StepUpFactorInput, WithdrawalRequest, WithdrawalResponse } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { getMemberProfile, getMemberProfileQueryOptions } from '../../../api/member-profile.js';
import { getWithdrawalProtectionQueryOptions } from '../../../api/withdrawal-protection.js';

/** The request as sent: the second factor as the member gave it (the server reads it), and the retry key. */
export type WithdrawalInput = Omit<WithdrawalRequest, 'secondFactor'> & {
  secondFactor?: StepUpFactorInput;
  idempotencyKey: string;
};

export const requestWithdrawal = ({
  idempotencyKey,
  ...data
}: WithdrawalInput): Promise<WithdrawalResponse> => {
  return api.post<WithdrawalResponse>('/withdraw', data, { headers: { 'Idempotency-Key': idempotencyKey } });
};

/**
 * The reserved amount leaves the Account Balance at once: the profile is read back at the withdrawal's log
 * position so the dashboard shows it, and every other cached member figure or history is refetched. A refusal
 * may come from a hold, a lock or limits the form did not know of yet: those are read again.
 */
export const useRequestWithdrawal = () => {
  const queryClient = useQueryClient();
  const profileKey = getMemberProfileQueryOptions().queryKey;
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: async ({ position }) => {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== profileKey[0] });
      try {
        queryClient.setQueryData(profileKey, await getMemberProfile(position));
      } catch {
        await queryClient.invalidateQueries({ queryKey: profileKey });
      }
    },
    onError: () =>
      queryClient.invalidateQueries({ queryKey: getWithdrawalProtectionQueryOptions().queryKey }),
  });
};
