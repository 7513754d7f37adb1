import type { CommandResponse, DecideApprovalRequest, MessageResponse } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { approvalsQueryKey } from '../../../api/approvals.js';
import { api } from '../../../lib/api-client.js';

/** What a second admin decides about a proposal (with their reason), or its proposer withdrawing it. */
export type ApprovalDecision =
  | { kind: 'approve'; id: string; body: DecideApprovalRequest }
  | { kind: 'reject'; id: string; body: DecideApprovalRequest }
  | { kind: 'withdraw'; id: string };

const approval = (id: string) => `/admin/approvals/${encodeURIComponent(id)}`;

export function decideApproval(decision: ApprovalDecision): Promise<CommandResponse | MessageResponse> {
  switch (decision.kind) {
    case 'approve':
      return api.post<CommandResponse>(`${approval(decision.id)}/approve`, decision.body);
    case 'reject':
      return api.post<MessageResponse>(`${approval(decision.id)}/reject`, decision.body);
    case 'withdraw':
      return api.post<MessageResponse>(`${approval(decision.id)}/withdraw`);
  }
}

/**
 * Runs a decision. An approval runs the action itself, so every admin figure and list may be stale afterwards:
 * they are read again when next shown. The proposals and the count are read again at once, refused or not (a
 * refusal may mean the proposal expired or was decided by another admin meanwhile).
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'decide-approval'],
    mutationFn: decideApproval,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'], refetchType: 'none' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
  });
}
