import type { CommandResponse, RejectRequest } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

/** What an admin can decide about a pending transaction, and the body each decision carries. */
export type TransactionDecision =
  | { kind: 'confirm-deposit'; id: string }
  | { kind: 'reject-deposit'; id: string; body: RejectRequest }
  | { kind: 'pay-withdrawal'; id: string; body: { payoutReference?: string } }
  | { kind: 'reject-withdrawal'; id: string; body: RejectRequest };

const id = (value: string) => encodeURIComponent(value);

export function decideTransaction(decision: TransactionDecision): Promise<CommandResponse> {
  switch (decision.kind) {
    case 'confirm-deposit':
      return api.post<CommandResponse>(`/admin/deposits/${id(decision.id)}/confirm`);
    case 'reject-deposit':
      return api.post<CommandResponse>(`/admin/deposits/${id(decision.id)}/reject`, decision.body);
    case 'pay-withdrawal':
      return api.post<CommandResponse>(`/admin/withdrawals/${id(decision.id)}/pay`, decision.body);
    case 'reject-withdrawal':
      return api.post<CommandResponse>(`/admin/withdrawals/${id(decision.id)}/reject`, decision.body);
  }
}

/**
 * Runs a decision. Every admin figure and list is stale afterwards; the caller refetches what it shows with
 * the response's position, so the answer waits for the read models to include the decision.
 */
export function useDecideTransaction(options: { onSuccess: (response: CommandResponse) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'decide-transaction'],
    mutationFn: decideTransaction,
    onSuccess: async (response) => {
      await queryClient.invalidateQueries({ queryKey: ['admin'], refetchType: 'none' });
      options.onSuccess(response);
    },
  });
}
