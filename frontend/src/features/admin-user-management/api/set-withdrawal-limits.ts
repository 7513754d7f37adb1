import {
  isProposalResponse,
  type MessageResponse,
  type ProposalResponse,
  type SetWithdrawalLimitsRequest,
} from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { approvalsQueryKey } from '../../../api/approvals.js';
import { api } from '../../../lib/api-client.js';
import { accountActivityQueryKey } from './get-account-activity.js';
import { getWithdrawalProtectionQueryOptions } from './get-withdrawal-protection.js';

/** 202 with a proposal when a second admin must approve the limits. */
export const setWithdrawalLimits = (
  userId: string,
  data: SetWithdrawalLimitsRequest,
): Promise<MessageResponse | ProposalResponse> =>
  api.put<MessageResponse | ProposalResponse>(
    `/admin/users/${encodeURIComponent(userId)}/withdrawal-limits`,
    data,
  );

/**
 * The member's own limits, with the reason the account's history keeps; the section and the activity reload,
 * or the proposals when the limits await a second admin.
 */
export const useSetWithdrawalLimits = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', userId, 'withdrawal-limits'],
    mutationFn: (data: SetWithdrawalLimitsRequest) => setWithdrawalLimits(userId, data),
    onSuccess: (answer) =>
      isProposalResponse(answer)
        ? queryClient.invalidateQueries({ queryKey: approvalsQueryKey })
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: getWithdrawalProtectionQueryOptions(userId).queryKey }),
            queryClient.invalidateQueries({ queryKey: accountActivityQueryKey(userId) }),
          ]),
  });
};
