import type { Cents } from '../money.js';
import type { ApprovalKind } from './approval.events.js';

/** Whether four eyes are on, and above which amounts a deposit's confirmation or a payout needs them. */
export interface ApprovalPolicy {
  enabled: boolean;
  depositOver: Cents;
  withdrawalOver: Cents;
  expiryHours: number;
}

/**
 * Whether an action needs a second admin: every kind always does, but confirming a deposit and paying a
 * withdrawal only above their thresholds (an amount equal to the threshold does not).
 */
export function requiresApproval(kind: ApprovalKind, amount: Cents | null, policy: ApprovalPolicy): boolean {
  if (!policy.enabled) return false;
  if (kind === 'ConfirmDeposit') return amount !== null && amount > policy.depositOver;
  if (kind === 'MarkWithdrawalPaid') return amount !== null && amount > policy.withdrawalOver;
  return true;
}
