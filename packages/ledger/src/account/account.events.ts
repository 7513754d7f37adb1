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
    /** When the address entered the address book: how long it was known, for the admin who pays. */
    addressSavedAt?: IsoTimestamp;
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

/** The member's payout wallets, as the Withdrawal Gateway names them. */
export type PayoutWallet = 'bitcoin' | 'ethereum' | 'usdt' | 'solana';

/**
 * A payout address entered the member's address book. The address itself stays in the member's relational
 * record (erased at closure): the event keeps only its fingerprint, enough to recognise it in a withdrawal.
 */
export interface PayoutAddressSaved {
  type: 'PayoutAddressSaved';
  data: {
    userId: string;
    wallet: PayoutWallet;
    /** SHA-256 of the account id, wallet and canonical address: the same address always has the same key. */
    addressKey: string;
    savedAt: IsoTimestamp;
    /** Withdrawals may go to it from this moment: the cooling period after a new address. */
    usableFrom: IsoTimestamp;
  };
}

export interface PayoutAddressRemoved {
  type: 'PayoutAddressRemoved';
  data: { userId: string; wallet: PayoutWallet; removedAt: IsoTimestamp };
}

/** What started a security hold on withdrawals. */
export type SecurityHoldCause =
  | 'password-changed'
  | 'password-reset'
  | 'email-changed'
  | 'second-factor-removed'
  | 'second-factors-reset-by-admin';

export interface SecurityHoldStarted {
  type: 'SecurityHoldStarted';
  data: {
    userId: string;
    cause: SecurityHoldCause;
    /** The position of the change on the member's identity stream (`user-<userId>`): one hold per change. */
    changePosition: number;
    startedAt: IsoTimestamp;
    until: IsoTimestamp;
  };
}

/** Withdrawals and address changes frozen: by the member ("This wasn't me") or by an admin. */
export interface AccountLocked {
  type: 'AccountLocked';
  data: {
    userId: string;
    lockedBy: 'member' | 'admin';
    /** The admin who locked it; null when the member did. */
    adminId: string | null;
    reason: string;
    lockedAt: IsoTimestamp;
  };
}

export interface AccountUnlocked {
  type: 'AccountUnlocked';
  data: { userId: string; adminId: string; reason: string; unlockedAt: IsoTimestamp };
}

/** The member's own withdrawal limits, set by an admin in place of the platform's defaults. */
export interface WithdrawalLimitsSet {
  type: 'WithdrawalLimitsSet';
  data: {
    userId: string;
    /** Over any rolling 24 hours. */
    daily: CentsString;
    /** Over any rolling 30 days. */
    thirtyDays: CentsString;
    reason: string;
    adminId: string;
    setAt: IsoTimestamp;
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
  | InvestmentMatured
  | PayoutAddressSaved
  | PayoutAddressRemoved
  | SecurityHoldStarted
  | AccountLocked
  | AccountUnlocked
  | WithdrawalLimitsSet;

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
  PayoutAddressSaved: true,
  PayoutAddressRemoved: true,
  SecurityHoldStarted: true,
  AccountLocked: true,
  AccountUnlocked: true,
  WithdrawalLimitsSet: true,
};

/** Every account event type, for subscriptions; the record above fails to compile when one is missing. */
export const accountEventTypes = Object.keys(everyAccountEventType) as AccountEventType[];

export function accountStreamId(userId: string): string {
  return `account-${userId}`;
}
