import type {
  ImportReconciliationRequest,
  ReconciliationRecorded,
  RecordReconciliationRequest,
} from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { reconciliationsQueryKey } from './get-reconciliations.js';

/** Held balances typed in per payment method, or a CSV of them; the key makes a retried request record once. */
export type HeldBalances =
  | { kind: 'form'; body: RecordReconciliationRequest; idempotencyKey: string }
  | { kind: 'csv'; body: ImportReconciliationRequest; idempotencyKey: string };

export function recordReconciliation(held: HeldBalances): Promise<ReconciliationRecorded> {
  const path = held.kind === 'csv' ? '/admin/books/reconciliations/import' : '/admin/books/reconciliations';
  return api.post<ReconciliationRecorded>(path, held.body, {
    headers: { 'Idempotency-Key': held.idempotencyKey },
  });
}

export function useRecordReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'record-reconciliation'],
    mutationFn: recordReconciliation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationsQueryKey }),
  });
}
