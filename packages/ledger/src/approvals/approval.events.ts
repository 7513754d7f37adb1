import type { IsoTimestamp } from '../account/account.events.js';
import type { CentsString } from '../money.js';

/**
 * Four eyes on money: an action one admin proposes and a different admin approves, on the stream
 * `approval-<approvalId>`. The action runs in the transaction that appends its approval, so the trail holds
 * both admins' ids next to what ran, and what never ran (rejected, withdrawn, expired) stays on record too.
 */
export const approvalStreamId = (approvalId: string): string => `approval-${approvalId}`;

/** What needs a second admin. Those with a member act on the member's account; the rest on the catalog. */
export type ApprovalKind =
  | 'AdjustBalances'
  | 'ConfirmDeposit'
  | 'MarkWithdrawalPaid'
  | 'UnlockAccount'
  | 'SetWithdrawalLimits'
  | 'CreatePlan'
  | 'ChangePlan'
  | 'CreatePaymentMethod'
  | 'ChangePaymentMethod'
  | 'ClosePeriod';

const approvalKinds: Record<ApprovalKind, true> = {
  AdjustBalances: true,
  ConfirmDeposit: true,
  MarkWithdrawalPaid: true,
  UnlockAccount: true,
  SetWithdrawalLimits: true,
  CreatePlan: true,
  ChangePlan: true,
  CreatePaymentMethod: true,
  ChangePaymentMethod: true,
  ClosePeriod: true,
};
/** Every kind, kept complete by the compiler. */
export const APPROVAL_KINDS = Object.keys(approvalKinds) as readonly ApprovalKind[];

/** The action as proposed: its kind, whose account, and the request it will run (the api reads `request`). */
export interface ApprovalAction {
  kind: ApprovalKind;
  /** The member whose account it changes; null for a change of the catalog. */
  userId: string | null;
  /** The deposit, withdrawal, plan or payment method it acts on, when there is one. */
  subjectId: string | null;
  /** The money it moves or the figure it sets, when there is one. */
  amount: CentsString | null;
  /** What it changes, as the proposer saw it before and as it will be after. */
  changes: ApprovalChange[];
  /** The request as the admin sent it, run as is on approval. */
  request: Record<string, unknown>;
}

export interface ApprovalChange {
  label: string;
  before: string;
  after: string;
}

export interface ApprovalProposed {
  type: 'ApprovalProposed';
  data: {
    approvalId: string;
    action: ApprovalAction;
    /** The version of the account (or the catalog) the action was proposed at; it runs only at it (a payout at any). */
    targetVersion: number;
    proposerId: string;
    reason: string;
    proposedAt: IsoTimestamp;
    expiresAt: IsoTimestamp;
  };
}

export interface ApprovalApproved {
  type: 'ApprovalApproved';
  data: {
    approvalId: string;
    proposerId: string;
    approverId: string;
    reason: string;
    approvedAt: IsoTimestamp;
  };
}

/** The action ran, in the same transaction as its approval. */
export interface ApprovalExecuted {
  type: 'ApprovalExecuted';
  data: { approvalId: string; proposerId: string; approverId: string; executedAt: IsoTimestamp };
}

export interface ApprovalRejected {
  type: 'ApprovalRejected';
  data: {
    approvalId: string;
    proposerId: string;
    rejectedBy: string;
    reason: string;
    rejectedAt: IsoTimestamp;
  };
}

export interface ApprovalWithdrawn {
  type: 'ApprovalWithdrawn';
  data: { approvalId: string; proposerId: string; withdrawnAt: IsoTimestamp };
}

export interface ApprovalExpired {
  type: 'ApprovalExpired';
  data: { approvalId: string; proposerId: string; expiredAt: IsoTimestamp };
}

/**
 * A second admin approved, but the account (or the catalog) had changed since the proposal, so the action did not
 * run: the proposal is closed, and a new one can be made.
 */
export interface ApprovalFailed {
  type: 'ApprovalFailed';
  data: {
    approvalId: string;
    proposerId: string;
    approverId: string;
    reason: string;
    failedAt: IsoTimestamp;
  };
}

/** The deposit or withdrawal the proposal acts on was decided without it: nothing is left to approve. */
export interface ApprovalSuperseded {
  type: 'ApprovalSuperseded';
  data: { approvalId: string; proposerId: string; reason: string; supersededAt: IsoTimestamp };
}

export type ApprovalEvent =
  | ApprovalProposed
  | ApprovalApproved
  | ApprovalExecuted
  | ApprovalRejected
  | ApprovalWithdrawn
  | ApprovalExpired
  | ApprovalFailed
  | ApprovalSuperseded;
