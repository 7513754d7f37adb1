import type { CentsString } from '../money.js';

/**
 * Money movements of one member, on the stream `account-<userId>`. Amounts are strings of whole cents (see
 * `CentsString`), times are ISO-8601 UTC strings, so an event reads back from JSON exactly as it was written.
 * Each event carries what a projection needs to apply it alone (amounts, withdrawal source), and ids only:
 * never names, e-mails or addresses.
 */

/** A withdrawal draws on the available balance or on unlocked profit. */
export type WithdrawalSource = 'balance' | 'profit';

/** What an admin adjustment moves; `profit` is the unlocked profit. */
export type AdjustableBucket = 'available' | 'invested' | 'profit';

export type IsoTimestamp = string;

/** The plan's terms as they were when the deposit was made; later plan versions do not touch them. */
export interface PlanTerms {
  planId: string;
  planVersion: number;
  planName: string;
  /** The plan's stated return over its term, as the catalog writes it ("50"). */
  percentage: string;
  termDays: number;
}

export interface DepositRequested {
  type: 'DepositRequested';
  data: PlanTerms & {
    userId: string;
    depositId: string;
    amount: CentsString;
    paymentMethodId: string;
    /** Object storage key of the proof of payment. */
    proofKey: string;
    transactionHash: string | null;
    requestedAt: IsoTimestamp;
  };
}

export interface DepositConfirmed {
  type: 'DepositConfirmed';
  data: {
    userId: string;
    depositId: string;
    /** The investment this deposit starts, on the deposit's plan terms. */
    investmentId: string;
    amount: CentsString;
    confirmedAt: IsoTimestamp;
    maturesAt: IsoTimestamp;
    adminId: string;
  };
}

export interface DepositRejected {
  type: 'DepositRejected';
  data: {
    userId: string;
    depositId: string;
    amount: CentsString;
    reason: string;
    rejectedAt: IsoTimestamp;
    adminId: string;
  };
}

/** The payout wallet address stays in the withdrawal's relational record, which an account closure erases. */
export interface WithdrawalRequested {
  type: 'WithdrawalRequested';
  data: {
    userId: string;
    withdrawalId: string;
    source: WithdrawalSource;
    amount: CentsString;
    paymentMethodId: string;
    requestedAt: IsoTimestamp;
  };
}

export interface WithdrawalPaid {
  type: 'WithdrawalPaid';
  data: {
    userId: string;
    withdrawalId: string;
    source: WithdrawalSource;
    amount: CentsString;
    /** The payout's transaction reference, when the admin gave one. */
    payoutReference: string | null;
    paidAt: IsoTimestamp;
    adminId: string;
  };
}

export interface WithdrawalRejected {
  type: 'WithdrawalRejected';
  data: {
    userId: string;
    withdrawalId: string;
    /** The reserved amount returns to this source. */
    source: WithdrawalSource;
    amount: CentsString;
    reason: string;
    rejectedAt: IsoTimestamp;
    adminId: string;
  };
}

export interface BalanceAdjusted {
  type: 'BalanceAdjusted';
  data: {
    userId: string;
    adjustmentId: string;
    bucket: AdjustableBucket;
    /** Signed: "-2500" takes 25.00 out of the bucket. */
    amount: CentsString;
    /** Shown to the member with the adjustment. */
    reason: string;
    adjustedAt: IsoTimestamp;
    adminId: string;
  };
}

/** One day's profit of a running investment, into the locked profit: once per investment and day. */
export interface ProfitAccrued {
  type: 'ProfitAccrued';
  data: {
    userId: string;
    investmentId: string;
    /** The term day the profit is for, "YYYY-MM-DD" (UTC). */
    day: string;
    amount: CentsString;
  };
}

/** The term is over: the principal moves from invested to available, the profit from locked to unlocked. */
export interface InvestmentMatured {
  type: 'InvestmentMatured';
  data: {
    userId: string;
    investmentId: string;
    /** The term's last day, "YYYY-MM-DD" (UTC). */
    maturedOn: string;
    /** What moves from invested to available: the principal, or less when an adjustment took some out. */
    principal: CentsString;
    /** The investment's accrued profit, which moves from locked to unlocked. */
    profit: CentsString;
  };
}

export type AccountEvent =
  | DepositRequested
  | DepositConfirmed
  | DepositRejected
  | WithdrawalRequested
  | WithdrawalPaid
  | WithdrawalRejected
  | BalanceAdjusted
  | ProfitAccrued
  | InvestmentMatured;

export type AccountEventType = AccountEvent['type'];

const everyAccountEventType: Record<AccountEventType, true> = {
  DepositRequested: true,
  DepositConfirmed: true,
  DepositRejected: true,
  WithdrawalRequested: true,
  WithdrawalPaid: true,
  WithdrawalRejected: true,
  BalanceAdjusted: true,
  ProfitAccrued: true,
  InvestmentMatured: true,
};

/** Every account event type, for subscriptions; the record above fails to compile when one is missing. */
export const accountEventTypes = Object.keys(everyAccountEventType) as AccountEventType[];

export function accountStreamId(userId: string): string {
  return `account-${userId}`;
}
