import type { ApprovalChange, ApprovalRow } from '@ledgerstone/contracts';
import { formatAmount, formatUsd } from '@ledgerstone/contracts/money-format';

const PLAIN_AMOUNT = /^-?\d+(\.\d{1,2})?$/;

/** A figure as a proposal shows it: amounts grouped ("1,500.00"), anything else (a state, a reference) as is. */
export function formatApprovalValue(value: string): string {
  return PLAIN_AMOUNT.test(value) ? formatAmount(value) : value;
}

/** "Available: 0.00 → 1,500.00". */
export function formatApprovalChange({ label, before, after }: ApprovalChange): string {
  return `${label}: ${formatApprovalValue(before)} \u2192 ${formatApprovalValue(after)}`;
}

/** What a proposal does in a few words: the money it moves, else the changes it makes. */
export function summariseProposal(approval: Pick<ApprovalRow, 'amount' | 'changes'>): string {
  if (approval.amount !== null) return formatUsd(approval.amount);
  return approval.changes.map(formatApprovalChange).join('; ');
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago a proposal was made: "just now", "12 min", "3 h", "2 d". */
export function formatAge(iso: string, now: number): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h`;
  return `${Math.floor(elapsed / DAY)} d`;
}
