import { z } from 'zod';
import { reasonSchema } from './accounts.js';

const timestamp = z.string().describe('ISO 8601, UTC');

export const approvalKinds = [
  'AdjustBalances',
  'ConfirmDeposit',
  'MarkWithdrawalPaid',
  'UnlockAccount',
  'SetWithdrawalLimits',
  'CreatePlan',
  'ChangePlan',
  'CreatePaymentMethod',
  'ChangePaymentMethod',
  'ClosePeriod',
] as const;
export type ApprovalKindName = (typeof approvalKinds)[number];

/** What each kind of proposal is called on the screens. */
export const approvalActionLabels: Record<ApprovalKindName, string> = {
  AdjustBalances: 'Balance adjustment',
  ConfirmDeposit: 'Confirm deposit',
  MarkWithdrawalPaid: 'Pay withdrawal',
  UnlockAccount: 'Lift account lock',
  SetWithdrawalLimits: 'Set withdrawal limits',
  CreatePlan: 'Create plan',
  ChangePlan: 'Change plan',
  CreatePaymentMethod: 'Create payment method',
  ChangePaymentMethod: "Change payment method's address",
  ClosePeriod: 'Close period',
};

/**
 * `failed`: approved, but the account or the catalog had changed since, so nothing ran. `superseded`: the deposit
 * or withdrawal it acts on was decided without it.
 */
export const approvalStatuses = [
  'pending',
  'executed',
  'rejected',
  'withdrawn',
  'expired',
  'failed',
  'superseded',
] as const;

/** One figure or setting the action changes, as the proposer saw it and as it will be. */
export const approvalChange = z.object({
  label: z.string(),
  before: z.string(),
  after: z.string(),
});
export type ApprovalChange = z.infer<typeof approvalChange>;

const staffName = z.object({ id: z.uuid(), name: z.string() });

/** A proposal as the approvals screen, Manage User and Transactions show it. */
export const approvalRow = z.object({
  id: z.uuid(),
  kind: z.enum(approvalKinds),
  action: z.string().describe('The kind as the screens name it'),
  status: z.enum(approvalStatuses),
  member: z
    .object({ id: z.uuid(), name: z.string(), email: z.string().nullable() })
    .nullable()
    .describe('Null for a change of plans or payment methods'),
  subject_id: z.string().nullable().describe('The deposit, withdrawal, plan or payment method it acts on'),
  amount: z.string().nullable().describe('"1500.00": the money it moves, when it moves one amount'),
  changes: z.array(approvalChange),
  proposer: staffName,
  reason: z.string(),
  proposed_at: timestamp,
  expires_at: timestamp,
  decided_by: staffName.nullable(),
  decision_reason: z.string().nullable(),
  decided_at: timestamp.nullable(),
});
export type ApprovalRow = z.infer<typeof approvalRow>;

export const approvalListQuery = z.object({
  status: z.enum(['pending', 'all']).default('pending'),
  user_id: z.uuid({ error: 'Not a user id' }).optional(),
});
export type ApprovalListQuery = z.infer<typeof approvalListQuery>;

export const approvalListResponse = z.object({ approvals: z.array(approvalRow) });
export type ApprovalListResponse = z.infer<typeof approvalListResponse>;

/** The sidebar's count, and whether four eyes are on at all (the overview warns when they are not). */
export const approvalSummary = z.object({ pending: z.number().int().min(0), enabled: z.boolean() });
export type ApprovalSummary = z.infer<typeof approvalSummary>;

/** Approve or reject: the checker's reason is required either way. */
export const decideApprovalRequest = z.object({ reason: reasonSchema });
export type DecideApprovalRequest = z.infer<typeof decideApprovalRequest>;

/**
 * What an action that needs a second admin answers instead of its usual body, with status 202: the proposal
 * is recorded and nothing has changed yet.
 */
export const proposalResponse = z.object({
  message: z.string(),
  status: z.literal('awaiting_approval'),
  approval_id: z.uuid(),
});
export type ProposalResponse = z.infer<typeof proposalResponse>;

export function isProposalResponse(body: unknown): body is ProposalResponse {
  return (
    typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'awaiting_approval'
  );
}
