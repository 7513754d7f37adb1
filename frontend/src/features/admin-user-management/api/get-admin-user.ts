import type { AdminUserDetail } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type AdminUser = AdminUserDetail['data'];

/** `after` is a command's log position: the answer then includes that command's effect. */
export const getAdminUser = async (id: string, options: { after?: string; signal?: AbortSignal } = {}) => {
  const query = options.after ? `?after=${encodeURIComponent(options.after)}` : '';
  const answer = await api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}${query}`, {
    signal: options.signal,
  });
  return answer.data;
};

export const getAdminUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'users', id], queryFn: ({ signal }) => getAdminUser(id, { signal }) });

export const useAdminUser = (id: string) => useQuery(getAdminUserQueryOptions(id));
