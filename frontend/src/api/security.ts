import type { PasskeyRequestOptions, SecurityOverview } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client.js';

/** Whose security: a member's (under /api/user) or a staff member's (under /api/admin), the same calls for both. */
export type SecurityAudience = 'user' | 'admin';

/** GET security: the second factors, recovery codes left and the active sessions. */
export const getSecurityOverview = (audience: SecurityAudience, signal?: AbortSignal) =>
  api.get<SecurityOverview>(`/${audience}/security`, { signal });

// Staff keys start with "admin", so a 401 ends the staff session in the browser (see useAdminSessionExpiry).
export const getSecurityOverviewQueryOptions = (audience: SecurityAudience) =>
  queryOptions({
    queryKey: [audience === 'admin' ? 'admin-security' : 'member-security'],
    queryFn: ({ signal }) => getSecurityOverview(audience, signal),
  });

export const useSecurityOverview = (audience: SecurityAudience) =>
  useQuery(getSecurityOverviewQueryOptions(audience));

/** POST security/step-up/options: a fresh challenge for a passkey to confirm one action. */
export const getStepUpOptions = (audience: SecurityAudience) =>
  api.post<PasskeyRequestOptions>(`/${audience}/security/step-up/options`);
