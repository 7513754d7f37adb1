import type { AdminAccountActivity, TimelineQuery } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type ActivityRecord = AdminAccountActivity['data'][number];

/** Events per page of a member's timeline, which the server pages. */
export const ACTIVITY_PAGE_SIZE = 10;

/** The filters (type, from and to, each only when set) and the page, as a query string. */
function activitySearch(filters: TimelineQuery, page: number): string {
  const search = new URLSearchParams();
  if (filters.type) search.set('type', filters.type);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  search.set('page', String(page));
  search.set('pageSize', String(ACTIVITY_PAGE_SIZE));
  return `?${search.toString()}`;
}

export const getAccountActivity = (
  userId: string,
  filters: TimelineQuery,
  page: number,
  signal?: AbortSignal,
) =>
  api.get<AdminAccountActivity>(
    `/admin/users/${encodeURIComponent(userId)}/activity${activitySearch(filters, page)}`,
    { signal },
  );

/** Every page of the member's timeline under any filter starts with this key: invalidating it refreshes them all. */
export const accountActivityQueryKey = (userId: string) => ['admin', 'users', userId, 'activity'] as const;

export const getAccountActivityQueryOptions = (userId: string, filters: TimelineQuery = {}, page = 1) =>
  queryOptions({
    queryKey: [...accountActivityQueryKey(userId), filters, page],
    queryFn: ({ signal }) => getAccountActivity(userId, filters, page, signal),
  });

export const useAccountActivity = (userId: string, filters: TimelineQuery = {}, page = 1) =>
  useQuery(getAccountActivityQueryOptions(userId, filters, page));
