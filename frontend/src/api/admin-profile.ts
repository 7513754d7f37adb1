import type { AdminProfile } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client.js';
import { adminProfileQueryKey } from './profile-query-keys.js';

/** GET /api/admin: the signed-in staff member (name, e-mail, role). */
export const getAdminProfile = (signal?: AbortSignal): Promise<AdminProfile> =>
  api.get<AdminProfile>('/admin', { signal });

export const getAdminProfileQueryOptions = () =>
  queryOptions({ queryKey: adminProfileQueryKey, queryFn: ({ signal }) => getAdminProfile(signal) });

export const useAdminProfile = () => useQuery(getAdminProfileQueryOptions());
