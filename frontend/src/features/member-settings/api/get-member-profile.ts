import type { MemberProfile } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getMemberProfile = (signal?: AbortSignal): Promise<MemberProfile> =>
  api.get<MemberProfile>('/user', { signal });

// The same key as the layout's profile query, so both read one cache entry.
export const getMemberProfileQueryOptions = () =>
  queryOptions({ queryKey: ['member-profile'], queryFn: ({ signal }) => getMemberProfile(signal) });

export const useMemberProfile = () => useQuery(getMemberProfileQueryOptions());
