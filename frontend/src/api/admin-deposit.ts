import type { AdminTransaction, AdminTransactionList } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client.js';

/** GET /api/transactions?id=: one deposit as the admins' Transactions list shows it; null when there is none. */
export async function getAdminDeposit(
  depositId: string,
  signal?: AbortSignal,
): Promise<AdminTransaction | null> {
  const query = new URLSearchParams({ id: depositId, page: '1', pageSize: '1' });
  const answer = await api.get<AdminTransactionList>(`/transactions?${query.toString()}`, { signal });
  return answer.data.find((row) => row.id === depositId && row.type === 'deposit') ?? null;
}

export const getAdminDepositQueryOptions = (depositId: string) =>
  queryOptions({
    queryKey: ['admin', 'transactions', 'deposit', depositId],
    queryFn: ({ signal }) => getAdminDeposit(depositId, signal),
  });

export const useAdminDeposit = (depositId: string) => useQuery(getAdminDepositQueryOptions(depositId));
