import {
  isProposalResponse,
  type CommandResponse,
  type ProposalResponse,
  type RejectRequest,
} from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { approvalsQueryKey } from '../../../api/approvals.js';
import { api } from '../../../lib/api-client.js';

/** What an admin can decide about a pending transaction, and the body each decision carries. */
export type TransactionDecision =
  | { kind: 'confirm-deposit'; id: string }
  | { kind: 'reject-deposit'; id: string; body: RejectRequest }
  | { kind: 'pay-withdrawal'; id: string; body: { payoutReference?: string } }
  | { kind: 'reject-withdrawal'; id: string; body: RejectRequest };

const id = (value: string) => encodeURIComponent(value);

/** Confirming a deposit or paying a withdrawal may answer with a proposal a second admin must approve. */
export type DecisionAnswer = CommandResponse | ProposalResponse;

export function decideTransaction(decision: TransactionDecision): Promise<DecisionAnswer> {
  switch (decision.kind) {
    case 'confirm-deposit':
      return api.post<DecisionAnswer>(`/admin/deposits/${id(decision.id)}/confirm`);
    case 'reject-deposit':
      return api.post<CommandResponse>(`/admin/deposits/${id(decision.id)}/reject`, decision.body);
    case 'pay-withdrawal':
      return api.post<DecisionAnswer>(`/admin/withdrawals/${id(decision.id)}/pay`, decision.body);
    case 'reject-withdrawal':
      return api.post<CommandResponse>(`/admin/withdrawals/${id(decision.id)}/reject`, decision.body);
  }
}

/**
 * Runs a decision. Every admin figure and list is stale afterwards; the caller refetches what it shows with
 * the response's position, so the answer waits for the read models to include the decision. A proposal changes
 * nothing yet but the proposals, which are read again at once.
 */
export function useDecideTransaction(options: { onSuccess: (response: DecisionAnswer) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'decide-transaction'],
    mutationFn: decideTransaction,
    onSuccess: async (response) => {
      if (isProposalResponse(response)) await queryClient.invalidateQueries({ queryKey: approvalsQueryKey });
      else await queryClient.invalidateQueries({ queryKey: ['admin'], refetchType: 'none' });
      options.onSuccess(response);
    },
  });
}
