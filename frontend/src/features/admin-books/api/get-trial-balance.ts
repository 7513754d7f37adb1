import type { TrialBalance } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { env } from '../../../config/env.js';
import { api } from '../../../lib/api-client.js';
import { asOfQuery } from '../../../lib/as-of-query.js';

/** `asOf` (ISO, UTC) stops the books at that moment; without it they include every entry. */
export const getTrialBalance = (asOf?: string, signal?: AbortSignal) =>
  api.get<TrialBalance>(`/admin/books/trial-balance${asOfQuery(asOf)}`, { signal });

export const getTrialBalanceQueryOptions = (asOf?: string) =>
  queryOptions({
    queryKey: ['admin', 'books', 'trial-balance', asOf ?? 'now'],
    queryFn: ({ signal }) => getTrialBalance(asOf, signal),
  });

export const useTrialBalance = (asOf: string | undefined) => useQuery(getTrialBalanceQueryOptions(asOf));

/** The browser downloads it itself (a plain link sends the staff session cookie). */
export const trialBalanceCsvHref = (asOf?: string) =>
  `${env.API_URL}/admin/books/trial-balance.csv${asOfQuery(asOf)}`;
