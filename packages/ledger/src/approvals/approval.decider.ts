import { accountMessages, approvalMessages } from '@ledgerstone/contracts/account-messages';
import type { ApprovalAction, ApprovalChange, ApprovalEvent, ApprovalKind } from './approval.events.js';
import { ApprovalError } from './approval.errors.js';

export type ApprovalStatus =
  'pending' | 'executed' | 'rejected' | 'withdrawn' | 'expired' | 'failed' | 'superseded';

/** An admin as the decider weighs them: only admins propose and decide; auditors only read. */
export interface Approver {
  id: string;
  role: 'admin' | 'auditor' | 'member';
}

export type ApprovalState =
  | { status: 'none' }
  | {
      status: ApprovalStatus;
      approvalId: string;
      action: ApprovalAction;
      targetVersion: number;
      proposerId: string;
      expiresAt: Date;
    };

export interface ProposeApproval {
  type: 'ProposeApproval';
  data: {
    approvalId: string;
    action: ApprovalAction;
    targetVersion: number;
    proposer: Approver;
    reason: string;
    proposedAt: Date;
    expiryHours: number;
  };
}

/**
 * `currentVersion` is the target's version as the approval finds it, under the lock the action runs under;
 * `currentChanges`, where the action can say, what its proposal would show if made now. When the target changed
 * since the proposal, the approval fails: nothing runs, and the proposal is closed so that a new one can be made.
 */
export interface ApproveApproval {
  type: 'ApproveApproval';
  data: {
    approver: Approver;
    reason: string;
    currentVersion: number;
    currentChanges?: readonly ApprovalChange[];
    approvedAt: Date;
  };
}

export interface RejectApproval {
  type: 'RejectApproval';
  data: { approver: Approver; reason: string; rejectedAt: Date };
}

export interface WithdrawApproval {
  type: 'WithdrawApproval';
  data: { proposer: Approver; withdrawnAt: Date };
}

/** Closes a pending proposal whose time ran out; nothing before then. */
export interface ExpireApproval {
  type: 'ExpireApproval';
  data: { expiredAt: Date };
}

/**
 * Closes a pending proposal whose deposit or withdrawal was decided without it (`reason` says how); nothing once
 * it is closed.
 */
export interface SupersedeApproval {
  type: 'SupersedeApproval';
  data: { reason: string; supersededAt: Date };
}

export type ApprovalCommand =
  ProposeApproval | ApproveApproval | RejectApproval | WithdrawApproval | ExpireApproval | SupersedeApproval;

/**
 * A payout acts on one withdrawal, whose amount and destination nothing changes but its own decision (which the
 * account's decider checks when the payout runs: not once rejected, not while the account is locked). The
 * account moving on meanwhile (a day's profit accrued, a deposit) leaves such a proposal as it was. Every other
 * action sets figures or a state, or shows them (a deposit's confirmation shows the invested total before and
 * after), as the proposer saw them at the proposal's version.
 */
const ACTS_ON_ITS_SUBJECT_ALONE: ReadonlySet<ApprovalKind> = new Set(['MarkWithdrawalPaid']);

/**
 * A deposit's confirmation only shows figures, which its action computes anew when it runs: though the account
 * moved on (a day's profit accrued), its approval runs when the proposal, made now, would show exactly what the
 * proposer saw. An action that sets figures typed against what the screen showed needs the version itself.
 */
const JUDGED_BY_WHAT_IT_SHOWS: ReadonlySet<ApprovalKind> = new Set(['ConfirmDeposit']);

function stillAsProposed(
  state: Exclude<ApprovalState, { status: 'none' }>,
  data: ApproveApproval['data'],
): boolean {
  const { kind, changes } = state.action;
  if (data.currentVersion === state.targetVersion || ACTS_ON_ITS_SUBJECT_ALONE.has(kind)) return true;
  const now = data.currentChanges;
  return (
    JUDGED_BY_WHAT_IT_SHOWS.has(kind) &&
    now !== undefined &&
    now.length === changes.length &&
    now.every(
      (change, index) =>
        change.label === changes[index]?.label &&
        change.before === changes[index].before &&
        change.after === changes[index].after,
    )
  );
}

const HOUR_MS = 3_600_000;
const REASON_MIN = 3;
const REASON_MAX = 500;

/** The words each final status takes in "This proposal was already …". */
const DECIDED_AS: Record<Exclude<ApprovalStatus, 'pending'>, string> = {
  executed: 'approved',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
  expired: 'expired',
  failed: 'approved, but failed',
  superseded: 'superseded',
};

export function initialApprovalState(): ApprovalState {
  return { status: 'none' };
}

export function evolveApproval(state: ApprovalState, event: ApprovalEvent): ApprovalState {
  if (event.type === 'ApprovalProposed') {
    const { approvalId, action, targetVersion, proposerId, expiresAt } = event.data;
    return {
      status: 'pending',
      approvalId,
      action,
      targetVersion,
      proposerId,
      expiresAt: new Date(expiresAt),
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ApprovalApproved':
      return state;
    case 'ApprovalExecuted':
      return { ...state, status: 'executed' };
    case 'ApprovalRejected':
      return { ...state, status: 'rejected' };
    case 'ApprovalWithdrawn':
      return { ...state, status: 'withdrawn' };
    case 'ApprovalExpired':
      return { ...state, status: 'expired' };
    case 'ApprovalFailed':
      return { ...state, status: 'failed' };
    case 'ApprovalSuperseded':
      return { ...state, status: 'superseded' };
  }
}

export function decideApproval(command: ApprovalCommand, state: ApprovalState): ApprovalEvent[] {
  if (command.type === 'ProposeApproval') return propose(command, state);
  if (state.status === 'none') throw new ApprovalError('NOT_FOUND', approvalMessages.notFound);
  if (command.type === 'ExpireApproval') {
    const due = state.status === 'pending' && command.data.expiredAt >= state.expiresAt;
    return due ? [expired(state, command.data.expiredAt)] : [];
  }
  if (command.type === 'SupersedeApproval') {
    if (state.status !== 'pending') return [];
    const { reason, supersededAt } = command.data;
    return [
      {
        type: 'ApprovalSuperseded',
        data: {
          approvalId: state.approvalId,
          proposerId: state.proposerId,
          reason,
          supersededAt: supersededAt.toISOString(),
        },
      },
    ];
  }
  if (state.status !== 'pending') {
    throw new ApprovalError('CONFLICT', approvalMessages.alreadyDecided(DECIDED_AS[state.status]));
  }
  switch (command.type) {
    case 'ApproveApproval': {
      const { approver, approvedAt } = command.data;
      requireChecker(approver, state.proposerId);
      const reason = requireReason(command.data.reason);
      if (approvedAt >= state.expiresAt) throw new ApprovalError('CONFLICT', approvalMessages.expired);
      const both = { approvalId: state.approvalId, proposerId: state.proposerId, approverId: approver.id };
      const at = approvedAt.toISOString();
      if (!stillAsProposed(state, command.data)) {
        const why =
          state.action.userId === null
            ? approvalMessages.failedAsCatalogChanged
            : approvalMessages.failedAsAccountChanged;
        return [{ type: 'ApprovalFailed', data: { ...both, reason: why, failedAt: at } }];
      }
      return [
        { type: 'ApprovalApproved', data: { ...both, reason, approvedAt: at } },
        { type: 'ApprovalExecuted', data: { ...both, executedAt: at } },
      ];
    }
    case 'RejectApproval': {
      const { approver, rejectedAt } = command.data;
      requireChecker(approver, state.proposerId);
      const reason = requireReason(command.data.reason);
      return [
        {
          type: 'ApprovalRejected',
          data: {
            approvalId: state.approvalId,
            proposerId: state.proposerId,
            rejectedBy: approver.id,
            reason,
            rejectedAt: rejectedAt.toISOString(),
          },
        },
      ];
    }
    case 'WithdrawApproval': {
      const { proposer, withdrawnAt } = command.data;
      if (proposer.id !== state.proposerId)
        throw new ApprovalError('FORBIDDEN', approvalMessages.notProposer);
      return [
        {
          type: 'ApprovalWithdrawn',
          data: {
            approvalId: state.approvalId,
            proposerId: state.proposerId,
            withdrawnAt: withdrawnAt.toISOString(),
          },
        },
      ];
    }
  }
}

export const approvalDecider = {
  decide: decideApproval,
  evolve: evolveApproval,
  initialState: initialApprovalState,
};

function propose({ data }: ProposeApproval, state: ApprovalState): ApprovalEvent[] {
  // The same proposal sent again (a retried request) changes nothing.
  if (state.status !== 'none') return [];
  requireAdmin(data.proposer);
  const reason = requireReason(data.reason);
  const expiresAt = new Date(data.proposedAt.getTime() + data.expiryHours * HOUR_MS);
  return [
    {
      type: 'ApprovalProposed',
      data: {
        approvalId: data.approvalId,
        action: data.action,
        targetVersion: data.targetVersion,
        proposerId: data.proposer.id,
        reason,
        proposedAt: data.proposedAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
    },
  ];
}

function expired(state: Extract<ApprovalState, { approvalId: string }>, at: Date): ApprovalEvent {
  return {
    type: 'ApprovalExpired',
    data: { approvalId: state.approvalId, proposerId: state.proposerId, expiredAt: at.toISOString() },
  };
}

function requireAdmin(admin: Approver): void {
  if (admin.role !== 'admin') throw new ApprovalError('FORBIDDEN', approvalMessages.staffOnlyReads);
}

/** The checker is an admin, and never the maker. */
function requireChecker(approver: Approver, proposerId: string): void {
  requireAdmin(approver);
  if (approver.id === proposerId) throw new ApprovalError('FORBIDDEN', approvalMessages.ownProposal);
}

function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length < REASON_MIN || trimmed.length > REASON_MAX) {
    throw new ApprovalError('VALIDATION', accountMessages.invalidReason, 'reason');
  }
  return trimmed;
}
