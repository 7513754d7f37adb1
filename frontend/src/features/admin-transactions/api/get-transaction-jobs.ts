import type { TransactionJobs, TransactionJobsParams } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getTransactionJobs = (
  { type, id }: TransactionJobsParams,
  signal?: AbortSignal,
): Promise<TransactionJobs> =>
  api.get<TransactionJobs>(`/admin/transactions/${type}/${encodeURIComponent(id)}/jobs`, { signal });

/** A job's state changes while the mailer works, so the dialog reads it afresh each time it opens. */
export const getTransactionJobsQueryOptions = (params: TransactionJobsParams) =>
  queryOptions({
    queryKey: ['admin', 'transaction-jobs', params.type, params.id],
    queryFn: ({ signal }) => getTransactionJobs(params, signal),
    staleTime: 0,
  });

export const useTransactionJobs = (params: TransactionJobsParams) =>
  useQuery(getTransactionJobsQueryOptions(params));
