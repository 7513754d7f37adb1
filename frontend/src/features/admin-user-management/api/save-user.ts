import {
  approvalMessages,
  isProposalResponse,
  type AdjustBalancesRequest,
  type UpdateUserRequest,
} from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';

import { approvalsQueryKey } from '../../../api/approvals.js';
import { ApiError } from '../../../lib/api-client.js';
import { newIdempotencyKey } from '../../../lib/idempotency-key.js';
import { accountActivityQueryKey } from './get-account-activity.js';
import { getAdminUserQueryOptions } from './get-admin-user.js';
import { adjustBalances, updateUser } from './update-user.js';

export type UserChanges = { profile?: UpdateUserRequest; balances?: AdjustBalancesRequest };

/** The account moved on since the form was filled in: the figures it showed are out of date. */
export class AccountChangedError extends Error {
  override readonly name = 'AccountChangedError';
}

/** What saving did: `proposed` when the amounts await a second admin's approval and have not changed yet. */
export type SaveOutcome = { proposed: boolean };

/**
 * Edit User Details: amounts go first as the changed figures with the ones shown (the step the account version
 * guards), then the profile.
 */
export const useSaveUser = (userId: string) => {
  const queryClient = useQueryClient();
  // One key per set of figures (with the version they were read at): saving the same form again after an
  // answer was lost adjusts once; other figures are another save.
  const keys = useRef(new Map<string, string>());
  const keyFor = (balances: AdjustBalancesRequest) => {
    const form = JSON.stringify(balances);
    const key = keys.current.get(form) ?? newIdempotencyKey();
    keys.current.set(form, key);
    return key;
  };
  return useMutation({
    mutationKey: ['admin', 'users', userId, 'save'],
    mutationFn: async ({ profile, balances }: UserChanges): Promise<SaveOutcome> => {
      let proposed = false;
      if (balances) {
        try {
          proposed = isProposalResponse(await adjustBalances(userId, balances, keyFor(balances)));
        } catch (error) {
          // A proposal already awaiting approval is no sign that the figures shown are out of date.
          if (
            error instanceof ApiError &&
            error.status === 409 &&
            error.message !== approvalMessages.alreadyPending
          ) {
            throw new AccountChangedError(error.message);
          }
          throw error;
        }
      }
      if (profile) await updateUser(userId, profile);
      return { proposed };
    },
    onSuccess: async ({ proposed }) => {
      if (proposed) await queryClient.invalidateQueries({ queryKey: approvalsQueryKey });
    },
  });
};

/** Reads the user again (current at once: its figures come from the account's state row) and the activity. */
export const useRefreshUser = (userId: string) => {
  const queryClient = useQueryClient();
  return async () => {
    const fresh = await queryClient.fetchQuery({ ...getAdminUserQueryOptions(userId), staleTime: 0 });
    // The user list shows the balance too; it reloads when next shown.
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'], refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: accountActivityQueryKey(userId) });
    return fresh;
  };
};
