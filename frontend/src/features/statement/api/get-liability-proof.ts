import type { MemberProofResponse } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getLiabilityProofQueryOptions = () =>
  queryOptions({
    queryKey: ['statement', 'proof-of-liabilities'],
    queryFn: ({ signal }) => api.get<MemberProofResponse>('/user/statement/proof', { signal }),
  });

export const useLiabilityProof = () => useQuery(getLiabilityProofQueryOptions());
