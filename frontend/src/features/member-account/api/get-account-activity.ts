import type { AccountActivity } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

/** The dashboard shows the newest movements only; the statement and the histories show the rest. */
export const RECENT_ACTIVITY_COUNT = 10;

export const getAccountActivity = (signal?: AbortSignal): Promise<AccountActivity> =>
  api.get<AccountActivity>(`/user/activity?limit=${RECENT_ACTIVITY_COUNT}`, { signal });

export const getAccountActivityQueryOptions = () =>
  queryOptions({ queryKey: ['member-activity'], queryFn: ({ signal }) => getAccountActivity(signal) });

export const useAccountActivity = () => useQuery(getAccountActivityQueryOptions());
