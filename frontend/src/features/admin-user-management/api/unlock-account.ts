import type { MessageResponse, ProposalResponse, UnlockAccountRequest } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { approvalsQueryKey } from '../../../api/approvals.js';
import { api } from '../../../lib/api-client.js';
import { accountActivityQueryKey } from './get-account-activity.js';
import { getWithdrawalProtectionQueryOptions } from './get-withdrawal-protection.js';

/** 409 when the account is not locked (any more); 202 with a proposal when a second admin must approve. */
export const unlockAccount = (
  userId: string,
  data: UnlockAccountRequest,
): Promise<MessageResponse | ProposalResponse> =>
  api.post<MessageResponse | ProposalResponse>(`/admin/users/${encodeURIComponent(userId)}/unlock`, data);

/** Lifts the lock with a reason (or proposes to); whatever the answer, the section reads the lock again. */
export const useUnlockAccount = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', userId, 'unlock'],
    mutationFn: (data: UnlockAccountRequest) => unlockAccount(userId, data),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getWithdrawalProtectionQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: accountActivityQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
      ]),
  });
};
