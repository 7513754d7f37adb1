import type { MessageResponse, SetWithdrawalLimitsRequest } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { getAccountActivityQueryOptions } from './get-account-activity.js';
import { getWithdrawalProtectionQueryOptions } from './get-withdrawal-protection.js';

export const setWithdrawalLimits = (
  userId: string,
  data: SetWithdrawalLimitsRequest,
): Promise<MessageResponse> =>
  api.put<MessageResponse>(`/admin/users/${encodeURIComponent(userId)}/withdrawal-limits`, data);

/** The member's own limits, with the reason the account's history keeps; the section and the activity reload. */
export const useSetWithdrawalLimits = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', userId, 'withdrawal-limits'],
    mutationFn: (data: SetWithdrawalLimitsRequest) => setWithdrawalLimits(userId, data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getWithdrawalProtectionQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getAccountActivityQueryOptions(userId).queryKey }),
      ]),
  });
};
