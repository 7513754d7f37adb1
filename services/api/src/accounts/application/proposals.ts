import {
  adjustableFigures,
  type AdjustBalancesRequest,
  type SetWithdrawalLimitsRequest,
} from '@ledgerstone/contracts';
import {
  centsToString,
  formatCents,
  type AccountState,
  type ApprovalChange,
  type Cents,
  type Deposit,
  type Withdrawal,
  type WithdrawalLimits,
} from '@ledgerstone/ledger';
import type { Proposal } from '../../shared/approvals/four-eyes.js';

/** The account as the proposing admin's request found it. */
export interface AccountSnapshot {
  version: number;
  state: AccountState;
}

const FIGURE_LABELS = { available: 'Available', invested: 'Invested', profit: 'Profit' } as const;

/** Edit User Details' amounts: the figures the form showed and the ones typed, at the version it read them at. */
export function balanceAdjustment(userId: string, form: AdjustBalancesRequest): Proposal {
  const changes: ApprovalChange[] = [];
  for (const figure of adjustableFigures) {
    const change = form[figure];
    if (change) changes.push({ label: FIGURE_LABELS[figure], before: change.shown, after: change.target });
  }
  return {
    action: { kind: 'AdjustBalances', userId, subjectId: null, amount: null, changes, request: form },
    reason: form.reason,
    targetVersion: form.version,
  };
}

export function depositConfirmation(
  userId: string,
  deposit: Deposit,
  account: AccountSnapshot,
  reason: string,
): Proposal {
  const { invested } = account.state;
  return {
    action: {
      kind: 'ConfirmDeposit',
      userId,
      subjectId: deposit.depositId,
      amount: centsToString(deposit.amount),
      changes: [
        { label: 'Deposit', before: 'Pending', after: 'Confirmed' },
        { label: 'Invested', before: formatCents(invested), after: formatCents(invested + deposit.amount) },
      ],
      request: {},
    },
    reason,
    targetVersion: account.version,
  };
}

export function withdrawalPayout(
  userId: string,
  withdrawal: Withdrawal,
  account: AccountSnapshot,
  payoutReference: string | null,
  reason: string,
): Proposal {
  return {
    action: {
      kind: 'MarkWithdrawalPaid',
      userId,
      subjectId: withdrawal.withdrawalId,
      amount: centsToString(withdrawal.amount),
      changes: [
        { label: 'Withdrawal', before: 'Pending', after: 'Paid' },
        { label: 'Payout reference', before: '—', after: payoutReference ?? '—' },
      ],
      request: { payoutReference },
    },
    reason,
    targetVersion: account.version,
  };
}

export function lockLifting(userId: string, account: AccountSnapshot, reason: string): Proposal {
  return {
    action: {
      kind: 'UnlockAccount',
      userId,
      subjectId: null,
      amount: null,
      changes: [{ label: 'Account', before: 'Locked', after: 'Unlocked' }],
      request: { reason },
    },
    reason,
    targetVersion: account.version,
  };
}

export function withdrawalLimitsChange(
  userId: string,
  account: AccountSnapshot,
  current: WithdrawalLimits,
  limits: { daily: Cents; thirtyDays: Cents },
  form: SetWithdrawalLimitsRequest,
): Proposal {
  return {
    action: {
      kind: 'SetWithdrawalLimits',
      userId,
      subjectId: null,
      amount: null,
      changes: [
        { label: 'Daily limit', before: formatCents(current.daily), after: formatCents(limits.daily) },
        {
          label: '30-day limit',
          before: formatCents(current.thirtyDays),
          after: formatCents(limits.thirtyDays),
        },
      ],
      request: form,
    },
    reason: form.reason,
    targetVersion: account.version,
  };
}
