import type { RunningInvestments } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type RunningInvestment = RunningInvestments['data'][number];

export const getRunningInvestments = (signal?: AbortSignal): Promise<RunningInvestments> =>
  api.get<RunningInvestments>('/user/investments', { signal });

export const getRunningInvestmentsQueryOptions = () =>
  queryOptions({ queryKey: ['member-investments'], queryFn: ({ signal }) => getRunningInvestments(signal) });

export const useRunningInvestments = () => useQuery(getRunningInvestmentsQueryOptions());
