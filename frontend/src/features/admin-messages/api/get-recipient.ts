import type { AdminUserDetail } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

/** The member a message goes to: the admin's view of that user, shared with Manage User's cache. */
export const getRecipientQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'users', userId],
    queryFn: async ({ signal }) =>
      (await api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(userId)}`, { signal })).data,
  });

export const useRecipient = (userId: string) => useQuery(getRecipientQueryOptions(userId));
