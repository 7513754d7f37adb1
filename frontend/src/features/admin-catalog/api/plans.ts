import {
  isProposalResponse,
  type createPlanRequest,
  type PlanChangeResponse,
  type PlanListResponse,
  type PlanResponse,
  type ProposalResponse,
} from '@ledgerstone/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { approvalsQueryKey } from '../../../api/approvals.js';
import { api } from '../../../lib/api-client.js';

export type Plan = PlanResponse;
/** The form's text as typed: the server parses it with the same schema. */
export type PlanInput = z.input<typeof createPlanRequest>;
export type PlanChange = Partial<Omit<PlanInput, 'kind'>>;

export const getPlans = async (signal?: AbortSignal): Promise<Plan[]> =>
  (await api.get<PlanListResponse>('/admin/plans', { signal })).plans;

export const getPlansQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'plans'], queryFn: ({ signal }) => getPlans(signal) });

export const usePlans = () => useQuery(getPlansQueryOptions());

const plan = (id: string) => `/admin/plans/${encodeURIComponent(id)}`;

/** The plan as saved, or (with approvals on, status 202) the proposal a second admin must approve first. */
export type PlanAnswer = PlanChangeResponse | ProposalResponse;

export const createPlan = (data: PlanInput) => api.post<PlanAnswer>('/admin/plans', data);
export const updatePlan = (id: string, data: PlanChange) => api.patch<PlanAnswer>(plan(id), data);
export const deactivatePlan = (id: string) => api.post<PlanAnswer>(`${plan(id)}/deactivate`);

function usePlansMutation<TVariables>(
  action: string,
  mutationFn: (variables: TVariables) => Promise<PlanAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'plans', action],
    mutationFn,
    onSuccess: (answer) =>
      queryClient.invalidateQueries({
        queryKey: isProposalResponse(answer) ? approvalsQueryKey : getPlansQueryOptions().queryKey,
      }),
  });
}

export const useCreatePlan = () => usePlansMutation('create', (data: PlanInput) => createPlan(data));
export const useUpdatePlan = () =>
  usePlansMutation('update', ({ id, data }: { id: string; data: PlanChange }) => updatePlan(id, data));
export const useDeactivatePlan = () => usePlansMutation('deactivate', (id: string) => deactivatePlan(id));
