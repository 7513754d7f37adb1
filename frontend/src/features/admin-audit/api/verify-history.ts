import type { HistoryVerification } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

/** One member's account stream, or, without a member, every stream in the store. */
export type VerificationScope = { userId: string } | 'store';

const verifyPath = (scope: VerificationScope) =>
  scope === 'store'
    ? '/admin/verify-history'
    : `/admin/users/${encodeURIComponent(scope.userId)}/verify-history`;

export const verifyHistory = (scope: VerificationScope, signal?: AbortSignal) =>
  api.get<HistoryVerification>(verifyPath(scope), { signal });

export const getHistoryVerificationQueryOptions = (scope: VerificationScope) =>
  queryOptions({
    queryKey:
      scope === 'store' ? ['admin', 'verify-history'] : ['admin', 'users', scope.userId, 'verify-history'],
    queryFn: ({ signal }) => verifyHistory(scope, signal),
    // Every click walks the chains again: an answer from a minute ago proves nothing about now.
    staleTime: 0,
  });

export const useHistoryVerification = (scope: VerificationScope, enabled: boolean) =>
  useQuery({ ...getHistoryVerificationQueryOptions(scope), enabled });
