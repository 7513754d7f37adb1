import type { AdminUserDetail } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type AdminUser = AdminUserDetail['data'];

/** The figures and the version come from one current snapshot of the account: no command position to wait for. */
export const getAdminUser = async (id: string, signal?: AbortSignal) => {
  const answer = await api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, { signal });
  return answer.data;
};

export const getAdminUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'users', id], queryFn: ({ signal }) => getAdminUser(id, signal) });

export const useAdminUser = (id: string) => useQuery(getAdminUserQueryOptions(id));
