import type { ApprovalListResponse, ApprovalRow, ApprovalSummary } from '@ledgerstone/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../lib/api-client.js';

/**
 * Proposals of four-eyes approvals, which several admin screens show (the approvals screen, the sidebar's count,
 * Manage User, Transactions). Every key starts with this one, so a new proposal or decision refreshes them all.
 */
export const approvalsQueryKey = ['admin', 'approvals'] as const;

export type ApprovalsParams = { status: 'pending' | 'all'; userId?: string };

/** GET /api/admin/approvals: the pending proposals (or all of them), of one member when userId is given. */
export const getApprovals = async ({ status, userId }: ApprovalsParams, signal?: AbortSignal) => {
  const query = new URLSearchParams({ status });
  if (userId) query.set('user_id', userId);
  const answer = await api.get<ApprovalListResponse>(`/admin/approvals?${query.toString()}`, { signal });
  return answer.approvals;
};

export const getApprovalsQueryOptions = (params: ApprovalsParams) =>
  queryOptions({
    queryKey: [...approvalsQueryKey, 'list', params],
    queryFn: ({ signal }) => getApprovals(params, signal),
  });

export const useApprovals = (params: ApprovalsParams) => useQuery(getApprovalsQueryOptions(params));

/** The pending proposals, by the deposit, withdrawal, plan or payment method each acts on. */
export function proposalsBySubject(approvals: readonly ApprovalRow[] | undefined): Map<string, ApprovalRow> {
  const bySubject = new Map<string, ApprovalRow>();
  for (const approval of approvals ?? []) {
    if (approval.subject_id !== null && approval.status === 'pending')
      bySubject.set(approval.subject_id, approval);
  }
  return bySubject;
}

/** GET /api/admin/approvals/summary: how many proposals wait, and whether four eyes are on at all. */
export const getApprovalSummary = (signal?: AbortSignal) =>
  api.get<ApprovalSummary>('/admin/approvals/summary', { signal });

// Another admin may propose at any moment: the sidebar's count looks again every 30 seconds.
export const getApprovalSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...approvalsQueryKey, 'summary'],
    queryFn: ({ signal }) => getApprovalSummary(signal),
    refetchInterval: 30_000,
  });

export const useApprovalSummary = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getApprovalSummaryQueryOptions(), enabled: options.enabled ?? true });

/** Reads every approvals list and the count again: after a proposal is made or decided. */
export function useRefreshApprovals() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: approvalsQueryKey });
}
