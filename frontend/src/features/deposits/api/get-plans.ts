import type { PlanKind, PlanListResponse } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

/** Active plans, of one kind or (without a kind) all of them. */
export const getPlans = (kind: PlanKind | undefined, signal?: AbortSignal): Promise<PlanListResponse> =>
  api.get<PlanListResponse>(kind ? `/plans?kind=${kind}` : '/plans', { signal });

export const getPlansQueryOptions = (kind?: PlanKind) =>
  queryOptions({
    queryKey: ['plans', kind ?? 'all'],
    queryFn: ({ signal }) => getPlans(kind, signal),
    select: (response) => response.plans,
  });

export const usePlans = (kind?: PlanKind) => useQuery(getPlansQueryOptions(kind));
