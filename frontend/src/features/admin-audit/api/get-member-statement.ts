import type { AccountStatement } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { asOfQuery } from '../../../lib/as-of-query.js';

/** `asOf` (ISO, UTC) stops the statement at that moment; without it the statement runs to now. */
export const getMemberStatement = (userId: string, asOf?: string, signal?: AbortSignal) =>
  api.get<AccountStatement>(`/admin/users/${encodeURIComponent(userId)}/statement${asOfQuery(asOf)}`, {
    signal,
  });

export const getMemberStatementQueryOptions = (userId: string, asOf?: string) =>
  queryOptions({
    queryKey: ['admin', 'users', userId, 'statement', asOf ?? 'now'],
    queryFn: ({ signal }) => getMemberStatement(userId, asOf, signal),
  });

/** Asks only once `enabled`: the panel shows nothing until "Show balance". */
export const useMemberStatement = (userId: string, asOf: string | undefined, enabled: boolean) =>
  useQuery({ ...getMemberStatementQueryOptions(userId, asOf), enabled });
