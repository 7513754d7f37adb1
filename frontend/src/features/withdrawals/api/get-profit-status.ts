import type { MemberProfitStatus } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getProfitStatus = (signal?: AbortSignal): Promise<MemberProfitStatus> =>
  api.get<MemberProfitStatus>('/user/profit', { signal });

export const getProfitStatusQueryOptions = () =>
  queryOptions({ queryKey: ['member-profit'], queryFn: ({ signal }) => getProfitStatus(signal) });

export const useProfitStatus = () => useQuery(getProfitStatusQueryOptions());
