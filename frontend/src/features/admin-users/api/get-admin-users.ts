import type { AdminUserList } from '@ledgerstone/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type AdminUsersParams = { page: number; pageSize: number; search: string };

export const getAdminUsers = (
  { page, pageSize, search }: AdminUsersParams,
  signal?: AbortSignal,
): Promise<AdminUserList> => {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim() !== '') query.set('search', search.trim());
  return api.get<AdminUserList>(`/admin/users?${query.toString()}`, { signal });
};

export const getAdminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: AdminUsersParams) => useQuery(getAdminUsersQueryOptions(params));
