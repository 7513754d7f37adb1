import type { MemberProfile } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client.js';
import { memberProfileQueryKey } from './profile-query-keys.js';

/** GET /api/user; `after` (a command's log position) makes the figures include that command. */
export const getMemberProfile = (after?: string, signal?: AbortSignal): Promise<MemberProfile> =>
  api.get<MemberProfile>(after ? `/user?after=${encodeURIComponent(after)}` : '/user', { signal });

export const getMemberProfileQueryOptions = () =>
  queryOptions({
    queryKey: memberProfileQueryKey,
    queryFn: ({ signal }) => getMemberProfile(undefined, signal),
  });

export const useMemberProfile = () => useQuery(getMemberProfileQueryOptions());
