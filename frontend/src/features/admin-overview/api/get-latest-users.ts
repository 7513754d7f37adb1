import type { AdminUserList } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

/** The user list comes newest first, so its first page is the latest sign-ups. */
export const getLatestUsers = (count: number, signal?: AbortSignal): Promise<AdminUserList> =>
  api.get<AdminUserList>(`/admin/users?page=1&pageSize=${count}`, { signal });

export const getLatestUsersQueryOptions = (count: number) =>
  queryOptions({
    queryKey: ['admin', 'users', 'latest', count],
    queryFn: ({ signal }) => getLatestUsers(count, signal),
  });

export const useLatestUsers = (count: number) => useQuery(getLatestUsersQueryOptions(count));
