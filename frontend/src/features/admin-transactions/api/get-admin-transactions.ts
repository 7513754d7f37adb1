import type { AdminTransactionList, AdminTransactionsQuery } from '@ledgerstone/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type AdminTransactionRow = AdminTransactionList['data'][number];
export type TransactionType = NonNullable<AdminTransactionsQuery['type']>;
export type TransactionStatus = NonNullable<AdminTransactionsQuery['status']>;

export type AdminTransactionsParams = {
  page: number;
  pageSize: number;
  type?: TransactionType;
  status?: TransactionStatus;
  /** The position of the last decision: the answer waits until it shows it. */
  after?: string;
};

export const getAdminTransactions = (
  { page, pageSize, type, status, after }: AdminTransactionsParams,
  signal?: AbortSignal,
): Promise<AdminTransactionList> => {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (type) query.set('type', type);
  if (status) query.set('status', status);
  if (after) query.set('after', after);
  return api.get<AdminTransactionList>(`/transactions?${query.toString()}`, { signal });
};

export const getAdminTransactionsQueryOptions = (params: AdminTransactionsParams) =>
  queryOptions({
    queryKey: ['admin', 'transactions', params],
    queryFn: ({ signal }) => getAdminTransactions(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminTransactions = (params: AdminTransactionsParams) =>
  useQuery(getAdminTransactionsQueryOptions(params));
