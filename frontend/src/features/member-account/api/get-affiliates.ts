import type { Affiliates } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getAffiliates = (signal?: AbortSignal): Promise<Affiliates> =>
  api.get<Affiliates>('/users/affiliates', { signal });

export const getAffiliatesQueryOptions = () =>
  queryOptions({ queryKey: ['member-affiliates'], queryFn: ({ signal }) => getAffiliates(signal) });

export const useAffiliates = () => useQuery(getAffiliatesQueryOptions());
