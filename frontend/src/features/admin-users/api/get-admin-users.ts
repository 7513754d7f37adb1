import type { AdminUserList } from '@ledgerstone/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { searchedPageQuery, type SearchedPage } from '../../../lib/searched-page-query.js';

export type AdminUsersParams = SearchedPage;

export const getAdminUsers = (params: AdminUsersParams, signal?: AbortSignal): Promise<AdminUserList> =>
  api.get<AdminUserList>(`/admin/users?${searchedPageQuery(params)}`, { signal });

export const getAdminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: AdminUsersParams) => useQuery(getAdminUsersQueryOptions(params));
