import type { AdminAccountActivity, TimelineQuery } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type ActivityRecord = AdminAccountActivity['data'][number];

/** The filters as a query string: type, from and to, each only when set. */
function activitySearch(filters: TimelineQuery): string {
  const search = new URLSearchParams();
  if (filters.type) search.set('type', filters.type);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  const query = search.toString();
  return query ? `?${query}` : '';
}

export const getAccountActivity = async (
  userId: string,
  filters: TimelineQuery = {},
  signal?: AbortSignal,
) => {
  const answer = await api.get<AdminAccountActivity>(
    `/admin/users/${encodeURIComponent(userId)}/activity${activitySearch(filters)}`,
    { signal },
  );
  return answer.data;
};

/** Without filters the key still matches every filtered list of the member, so invalidating it refreshes them all. */
export const getAccountActivityQueryOptions = (userId: string, filters: TimelineQuery = {}) =>
  queryOptions({
    queryKey: ['admin', 'users', userId, 'activity', filters],
    queryFn: ({ signal }) => getAccountActivity(userId, filters, signal),
  });

export const useAccountActivity = (userId: string, filters: TimelineQuery = {}) =>
  useQuery(getAccountActivityQueryOptions(userId, filters));
