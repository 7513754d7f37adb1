import type { ReconciliationRecorded, ResolveReconciliationRequest } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { reconciliationsQueryKey } from './get-reconciliations.js';

export const resolveReconciliation = ({ id, body }: { id: string; body: ResolveReconciliationRequest }) =>
  api.post<ReconciliationRecorded>(`/admin/books/reconciliations/${encodeURIComponent(id)}/resolve`, body);

export function useResolveReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'resolve-reconciliation'],
    mutationFn: resolveReconciliation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationsQueryKey }),
  });
}
