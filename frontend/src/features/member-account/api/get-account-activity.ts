import type { AccountActivity } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getAccountActivity = (signal?: AbortSignal): Promise<AccountActivity> =>
  api.get<AccountActivity>('/user/activity', { signal });

export const getAccountActivityQueryOptions = () =>
  queryOptions({ queryKey: ['member-activity'], queryFn: ({ signal }) => getAccountActivity(signal) });

export const useAccountActivity = () => useQuery(getAccountActivityQueryOptions());
