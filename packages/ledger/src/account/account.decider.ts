import {
  accountMessages,
  approvalMessages,
  formatMessageTime,
} from '@ledgerstone/contracts/account-messages';
import { requiresApproval, type ApprovalPolicy } from '../approvals/approval-policy.js';
import { centsToString, formatCentsCompact, formatDollars, MAX_AMOUNT, type Cents } from '../money.js';
import { totalProfit } from './account-balances.js';
import {
  adjustedBucket,
  depositStatus,
  evolve,
  initialState,
  LIMITS_LOOKBACK_MS,
  pendingWithdrawals,
  sourceBucket,
  withdrawalStatus,
  type AccountFigure,
  type AccountState,
  type WithdrawalLimits,
} from './account.js';
import {
  addDays,
  dailyProfit,
  daysBetween,
  isIsoDay,
  statedReturn,
  termDaysOf,
  type IsoDay,
} from './accrual.js';
import {
  AccountChangedError,
  IllegalStateError,
  InsufficientBalanceError,
  NotFoundError,
  OverLargestAmountError,
  ValidationError,
} from './account.errors.js';
import type {
  AccountEvent,
  AccountLocked,
  AccountUnlocked,
  AdjustableBucket,
  BalanceAdjusted,
  DepositConfirmed,
  DepositRejected,
  DepositRequested,
  InvestmentMatured,
  PayoutAddressRemoved,
  PayoutAddressSaved,
  PayoutWallet,
  PlanTerms,
  ProfitAccrued,
  SecurityHoldCause,
  SecurityHoldStarted,
  WithdrawalLimitsSet,
  WithdrawalPaid,
  WithdrawalRejected,
  WithdrawalRequested,
  WithdrawalSource,
} from './account.events.js';

/** The plan as the catalog offers it when the deposit is made. */
export interface DepositPlan extends PlanTerms {
  minAmount: Cents;
  maxAmount: Cents;
}

export interface RequestDeposit {
  type: 'RequestDeposit';
  data: {
    userId: string;
    depositId: string;
    plan: DepositPlan;
    amount: Cents;
    paymentMethodId: string;
    proofKey: string;
    transactionHash: string | null;
    /** False once the member's account is closed: closure is an identity fact the handler looks up. */
    accountOpen: boolean;
    requestedAt: Date;
  };
}

export interface ConfirmDeposit {
  type: 'ConfirmDeposit';
  data: {
    userId: string;
    depositId: string;
    investmentId: string;
    adminId: string;
    /** A closed account takes no more money: its pending deposits can only be rejected. */
    accountOpen: boolean;
    fourEyes: FourEyesOnDecision;
    confirmedAt: Date;
  };
}

/**
 * Four eyes on an admin's decision: the policy it is taken under, and whether a second admin approved this very
 * decision. One above the policy's threshold goes ahead only approved, whichever way the command came.
 */
export interface FourEyesOnDecision {
  policy: ApprovalPolicy;
  approved: boolean;
}

export interface RejectDeposit {
  type: 'RejectDeposit';
  data: { userId: string; depositId: string; reason: string; adminId: string; rejectedAt: Date };
}

/** A saved wallet the withdrawal's address could be: the address's fingerprint as that wallet would key it. */
export interface WithdrawalDestination {
  wallet: PayoutWallet;
  addressKey: string;
}

/** The platform's settings a withdrawal is decided under (from config). */
export interface WithdrawalPolicy {
  /** The cooling period of a new address, in hours: only for the refusal's words (the book holds the times). */
  coolingHours: number;
  /** The limits of a member an admin has set none for. */
  defaultLimits: WithdrawalLimits;
  /**
   * The most withdrawals awaiting review at once: each is kept whole in the state every command reads and
   * writes, and each waits in the admins' queue.
   */
  pendingMax: number;
}

export interface RequestWithdrawal {
  type: 'RequestWithdrawal';
  data: {
    userId: string;
    withdrawalId: string;
    source: WithdrawalSource;
    amount: Cents;
    paymentMethodId: string;
    /** Every saved wallet of the method's network the address could be; empty when none matches it. */
    destinations: WithdrawalDestination[];
    policy: WithdrawalPolicy;
    accountOpen: boolean;
    requestedAt: Date;
  };
}

/** The member's Withdrawal Gateway saved: each wallet named gets this address (null removes it). */
export interface SavePayoutAddresses {
  type: 'SavePayoutAddresses';
  data: {
    userId: string;
    addresses: { wallet: PayoutWallet; addressKey: string | null }[];
    coolingHours: number;
    accountOpen: boolean;
    savedAt: Date;
  };
}

/** A change to the account's security (an identity event at `changePosition` of the member's identity stream). */
export interface StartSecurityHold {
  type: 'StartSecurityHold';
  data: {
    userId: string;
    cause: SecurityHoldCause;
    changePosition: number;
    holdHours: number;
    startedAt: Date;
  };
}

export interface LockAccount {
  type: 'LockAccount';
  data: {
    userId: string;
    lockedBy: 'member' | 'admin';
    adminId: string | null;
    reason: string;
    lockedAt: Date;
  };
}

export interface UnlockAccount {
  type: 'UnlockAccount';
  data: { userId: string; adminId: string; reason: string; accountOpen: boolean; unlockedAt: Date };
}

export interface SetWithdrawalLimits {
  type: 'SetWithdrawalLimits';
  data: {
    userId: string;
    daily: Cents;
    thirtyDays: Cents;
    reason: string;
    adminId: string;
    accountOpen: boolean;
    setAt: Date;
  };
}

export interface MarkWithdrawalPaid {
  type: 'MarkWithdrawalPaid';
  data: {
    userId: string;
    withdrawalId: string;
    payoutReference: string | null;
    adminId: string;
    fourEyes: FourEyesOnDecision;
    paidAt: Date;
  };
}

export interface RejectWithdrawal {
  type: 'RejectWithdrawal';
  data: { userId: string; withdrawalId: string; reason: string; adminId: string; rejectedAt: Date };
}

export interface AdjustBalance {
  type: 'AdjustBalance';
  data: {
    userId: string;
    adjustmentId: string;
    bucket: AdjustableBucket;
    /** Signed, never zero. */
    amount: Cents;
    reason: string;
    adminId: string;
    accountOpen: boolean;
    adjustedAt: Date;
  };
}

/** One figure of the admin's form: the figure it showed and the figure the admin wants. */
export interface FigureChange {
  shown: Cents;
  target: Cents;
  /** The adjustment's id, used when the figure moves. */
  adjustmentId: string;
}

/**
 * The admin's Edit User Details amounts: each figure named moves to its target, by target minus shown, and only
 * when the form showed the account's own figures at the account's own version.
 */
export interface AdjustBalances {
  type: 'AdjustBalances';
  data: {
    userId: string;
    /** The account version the form's figures were read at. */
    formVersion: number;
    /** The account's version now: a fact the handler reads with the state. */
    accountVersion: number;
    /** Only the figures the admin changed need be named; a figure left as shown moves nothing. */
    figures: Partial<Record<AdjustableBucket, FigureChange>>;
    reason: string;
    adminId: string;
    /** Read with the state, under the account's lock: a close that raced the form wins. */
    accountOpen: boolean;
    adjustedAt: Date;
  };
}

/** Accrues every term day up to `day` not accrued yet, in order: a catch-up after downtime, never twice. */
export interface AccrueProfit {
  type: 'AccrueProfit';
  data: { userId: string; investmentId: string; day: IsoDay };
}

/** Once `day` reaches the term's last day: accrues what is left, then matures the investment (once). */
export interface MatureInvestment {
  type: 'MatureInvestment';
  data: { userId: string; investmentId: string; day: IsoDay };
}

export type AccountCommand =
  | RequestDeposit
  | ConfirmDeposit
  | RejectDeposit
  | RequestWithdrawal
  | MarkWithdrawalPaid
  | RejectWithdrawal
  | AdjustBalance
  | AdjustBalances
  | AccrueProfit
  | MatureInvestment
  | SavePayoutAddresses
  | StartSecurityHold
  | LockAccount
  | UnlockAccount
  | SetWithdrawalLimits;

/** The commands that carry whether the account is open: a closed account refuses them all (`requireOpen`). */
type RefusedWhenClosed = Extract<AccountCommand, { data: { accountOpen: boolean } }>['type'];
const refusedWhenClosed: Record<RefusedWhenClosed, true> = {
  RequestDeposit: true,
  ConfirmDeposit: true,
  RequestWithdrawal: true,
  AdjustBalance: true,
  AdjustBalances: true,
  SavePayoutAddresses: true,
  UnlockAccount: true,
  SetWithdrawalLimits: true,
};
/** What a closed account refuses; the compiler keeps it to the commands that carry `accountOpen`. */
export const closedAccountRefuses: ReadonlySet<string> = new Set(Object.keys(refusedWhenClosed));

// The request schemas refuse with the same words: both take them from the contracts' account messages.
export const INVALID_AMOUNT = accountMessages.invalidAmount;
export const INVALID_REASON = accountMessages.invalidReason;
export const MISSING_PROOF = accountMessages.missingProof;
export const ACCOUNT_CHANGED = accountMessages.accountChanged;
export const ACCOUNT_CLOSED = 'This account is closed.';
export const INVALID_DAY = 'Please give a day as YYYY-MM-DD.';

const ADJUSTABLE_BUCKETS: readonly AdjustableBucket[] = ['available', 'invested', 'profit'];

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const LIMIT_WINDOWS = [
  { name: 'daily', ms: DAY_MS },
  { name: 'thirtyDays', ms: LIMITS_LOOKBACK_MS },
] as const;

export function amountOutOfRangeMessage(plan: DepositPlan): string {
  const min = formatCentsCompact(plan.minAmount);
  const max = formatCentsCompact(plan.maxAmount);
  return accountMessages.amountOutOfRange(min, max, plan.planName);
}

export function requestDeposit({ data }: RequestDeposit, state: AccountState): DepositRequested[] {
  const { plan } = data;
  requirePositive(data.amount);
  if (data.amount < plan.minAmount || data.amount > plan.maxAmount) {
    throw new ValidationError('amount', amountOutOfRangeMessage(plan));
  }
  requireConfirmableWithinLargestAmount(state, data.amount);
  if (data.proofKey === '') throw new ValidationError('proof', MISSING_PROOF);
  requireOpen(data.accountOpen);
  if (depositStatus(state, data.depositId))
    throw new IllegalStateError(`Deposit ${data.depositId} already exists.`);
  return [
    {
      type: 'DepositRequested',
      data: {
        userId: data.userId,
        depositId: data.depositId,
        planId: plan.planId,
        planVersion: plan.planVersion,
        planName: plan.planName,
        percentage: plan.percentage,
        termDays: plan.termDays,
        amount: centsToString(data.amount),
        paymentMethodId: data.paymentMethodId,
        proofKey: data.proofKey,
        transactionHash: data.transactionHash,
        requestedAt: data.requestedAt.toISOString(),
      },
    },
  ];
}

function requireSecondAdminIfDue(
  kind: 'ConfirmDeposit' | 'MarkWithdrawalPaid',
  amount: Cents,
  { policy, approved }: FourEyesOnDecision,
): void {
  if (!approved && requiresApproval(kind, amount, policy)) {
    throw new IllegalStateError(approvalMessages.secondAdminRequired);
  }
}

export function confirmDeposit({ data }: ConfirmDeposit, state: AccountState): DepositConfirmed[] {
  const status = depositStatus(state, data.depositId);
  if (!status) throw new NotFoundError('deposit', data.depositId);
  if (status === 'confirmed') return [];
  if (status === 'rejected') {
    throw new IllegalStateError('This deposit was rejected and cannot be confirmed.');
  }
  requireOpen(data.accountOpen);
  const deposit = state.deposits[data.depositId]!;
  requireSecondAdminIfDue('ConfirmDeposit', deposit.amount, data.fourEyes);
  if (state.investments[data.investmentId] || state.maturedInvestments[data.investmentId]) {
    throw new IllegalStateError(`Investment ${data.investmentId} already exists.`);
  }
  const maturesAt = new Date(data.confirmedAt.getTime() + deposit.termDays * DAY_MS);
  return [
    {
      type: 'DepositConfirmed',
      data: {
        userId: data.userId,
        depositId: data.depositId,
        investmentId: data.investmentId,
        amount: centsToString(deposit.amount),
        confirmedAt: data.confirmedAt.toISOString(),
        maturesAt: maturesAt.toISOString(),
        adminId: data.adminId,
      },
    },
  ];
}

export function rejectDeposit({ data }: RejectDeposit, state: AccountState): DepositRejected[] {
  const reason = requireReason(data.reason);
  const status = depositStatus(state, data.depositId);
  if (!status) throw new NotFoundError('deposit', data.depositId);
  if (status === 'rejected') return [];
  if (status === 'confirmed') {
    throw new IllegalStateError('This deposit was confirmed and cannot be rejected.');
  }
  const deposit = state.deposits[data.depositId]!;
  return [
    {
      type: 'DepositRejected',
      data: {
        userId: data.userId,
        depositId: data.depositId,
        amount: centsToString(deposit.amount),
        reason,
        rejectedAt: data.rejectedAt.toISOString(),
        adminId: data.adminId,
      },
    },
  ];
}

export function requestWithdrawal({ data }: RequestWithdrawal, state: AccountState): WithdrawalRequested[] {
  requirePositive(data.amount);
  requireOpen(data.accountOpen);
  if (withdrawalStatus(state, data.withdrawalId)) {
    throw new IllegalStateError(`Withdrawal ${data.withdrawalId} already exists.`);
  }
  requireUnlocked(state);
  const now = data.requestedAt.toISOString();
  const hold = state.securityHold;
  if (hold && now < hold.until) {
    throw new IllegalStateError(accountMessages.withdrawalsPaused(formatMessageTime(new Date(hold.until))));
  }
  const usable = data.destinations
    .map(({ wallet, addressKey }) => ({ saved: state.payoutAddresses[wallet], addressKey }))
    .find(({ saved, addressKey }) => saved?.addressKey === addressKey && saved.usableFrom <= now)?.saved;
  if (!usable) {
    throw new ValidationError('wallet_address', accountMessages.addressNotInBook(data.policy.coolingHours));
  }
  const from = sourceBucket(data.source);
  if (data.amount > state[from]) throw new InsufficientBalanceError(from);
  requireWithinLimits(state, data.amount, data.requestedAt, data.policy.defaultLimits);
  const pending = pendingWithdrawals(state);
  if (pending >= data.policy.pendingMax) {
    throw new IllegalStateError(accountMessages.tooManyPendingWithdrawals(pending));
  }
  return [
    {
      type: 'WithdrawalRequested',
      data: {
        userId: data.userId,
        withdrawalId: data.withdrawalId,
        source: data.source,
        amount: centsToString(data.amount),
        paymentMethodId: data.paymentMethodId,
        requestedAt: data.requestedAt.toISOString(),
        addressSavedAt: usable.savedAt,
      },
    },
  ];
}

export function markWithdrawalPaid({ data }: MarkWithdrawalPaid, state: AccountState): WithdrawalPaid[] {
  const status = withdrawalStatus(state, data.withdrawalId);
  if (!status) throw new NotFoundError('withdrawal', data.withdrawalId);
  if (status === 'paid') return [];
  if (status === 'rejected') {
    throw new IllegalStateError('This withdrawal was rejected and cannot be paid.');
  }
  // A member who locks the account disowns what is pending too: no payout leaves while the lock stands.
  if (state.lock) throw new IllegalStateError(accountMessages.lockedWithdrawalNotPayable);
  const withdrawal = state.withdrawals[data.withdrawalId]!;
  requireSecondAdminIfDue('MarkWithdrawalPaid', withdrawal.amount, data.fourEyes);
  return [
    {
      type: 'WithdrawalPaid',
      data: {
        userId: data.userId,
        withdrawalId: data.withdrawalId,
        source: withdrawal.source,
        amount: centsToString(withdrawal.amount),
        payoutReference: data.payoutReference?.trim() || null,
        paidAt: data.paidAt.toISOString(),
        adminId: data.adminId,
      },
    },
  ];
}

export function rejectWithdrawal({ data }: RejectWithdrawal, state: AccountState): WithdrawalRejected[] {
  const reason = requireReason(data.reason);
  const status = withdrawalStatus(state, data.withdrawalId);
  if (!status) throw new NotFoundError('withdrawal', data.withdrawalId);
  if (status === 'rejected') return [];
  if (status === 'paid') {
    throw new IllegalStateError('This withdrawal was paid and cannot be rejected.');
  }
  const withdrawal = state.withdrawals[data.withdrawalId]!;
  return [
    {
      type: 'WithdrawalRejected',
      data: {
        userId: data.userId,
        withdrawalId: data.withdrawalId,
        source: withdrawal.source,
        amount: centsToString(withdrawal.amount),
        reason,
        rejectedAt: data.rejectedAt.toISOString(),
        adminId: data.adminId,
      },
    },
  ];
}

export function adjustBalance({ data }: AdjustBalance, state: AccountState): BalanceAdjusted[] {
  const reason = requireReason(data.reason);
  if (data.amount === 0n || data.amount > MAX_AMOUNT || data.amount < -MAX_AMOUNT) {
    throw new ValidationError('amount', INVALID_AMOUNT);
  }
  requireOpen(data.accountOpen);
  const bucket = adjustedBucket(data.bucket);
  if (state[bucket] + data.amount < 0n) throw new InsufficientBalanceError(bucket);
  return [
    {
      type: 'BalanceAdjusted',
      data: {
        userId: data.userId,
        adjustmentId: data.adjustmentId,
        bucket: data.bucket,
        amount: centsToString(data.amount),
        reason,
        adjustedAt: data.adjustedAt.toISOString(),
        adminId: data.adminId,
      },
    },
  ];
}

/** A figure as the admin form shows it: profit is locked plus unlocked (its adjustments move the unlocked part). */
export function adjustableFigure(state: AccountState, bucket: AdjustableBucket): Cents {
  return bucket === 'profit' ? totalProfit(state) : state[bucket];
}

/**
 * Target figures to signed adjustments. A form read at another version, or showing a figure the account does
 * not hold, is refused whole: its untouched figures would otherwise become adjustments of the difference.
 */
export function adjustBalances({ data }: AdjustBalances, state: AccountState): BalanceAdjusted[] {
  requireOpen(data.accountOpen);
  if (data.formVersion !== data.accountVersion) throw new AccountChangedError(ACCOUNT_CHANGED);
  const named = ADJUSTABLE_BUCKETS.flatMap((bucket) => {
    const figure = data.figures[bucket];
    return figure ? [{ bucket, ...figure }] : [];
  });
  if (named.some(({ bucket, shown }) => shown !== adjustableFigure(state, bucket))) {
    throw new AccountChangedError(ACCOUNT_CHANGED);
  }
  return named.flatMap(({ bucket, shown, target, adjustmentId }) => {
    if (target < 0n || target > MAX_AMOUNT) throw new ValidationError(bucket, INVALID_AMOUNT);
    if (target === shown) return [];
    const { userId, reason, adminId, accountOpen, adjustedAt } = data;
    return adjustBalance(
      {
        type: 'AdjustBalance',
        data: {
          userId,
          adjustmentId,
          bucket,
          amount: target - shown,
          reason,
          adminId,
          accountOpen,
          adjustedAt,
        },
      },
      state,
    );
  });
}

export function accrueProfit({ data }: AccrueProfit, state: AccountState): ProfitAccrued[] {
  if (!isIsoDay(data.day)) throw new ValidationError('day', INVALID_DAY);
  if (state.maturedInvestments[data.investmentId] !== undefined) return [];
  const investment = state.investments[data.investmentId];
  if (!investment) throw new NotFoundError('investment', data.investmentId);
  const { first, last } = termDaysOf(investment.startedAt, investment.termDays);
  const next = investment.accruedThrough === null ? first : addDays(investment.accruedThrough, 1);
  const until = data.day < last ? data.day : last;
  const total = statedReturn(investment.principal, investment.percentage);
  const events: ProfitAccrued[] = [];
  for (let day = next; day <= until; day = addDays(day, 1)) {
    const dayNumber = daysBetween(first, day) + 1;
    events.push({
      type: 'ProfitAccrued',
      data: {
        userId: data.userId,
        investmentId: data.investmentId,
        day,
        amount: centsToString(dailyProfit(total, investment.termDays, dayNumber)),
      },
    });
  }
  return events;
}

export function matureInvestment(
  { data }: MatureInvestment,
  state: AccountState,
): (ProfitAccrued | InvestmentMatured)[] {
  const accruals = accrueProfit({ type: 'AccrueProfit', data }, state);
  const investment = state.investments[data.investmentId];
  if (!investment) return [];
  const { last } = termDaysOf(investment.startedAt, investment.termDays);
  if (data.day < last) return [];
  const accrued = accruals.reduce(evolve, state);
  const profit = accrued.investments[data.investmentId]?.profit ?? 0n;
  const principal = investment.principal < accrued.invested ? investment.principal : accrued.invested;
  return [
    ...accruals,
    {
      type: 'InvestmentMatured',
      data: {
        userId: data.userId,
        investmentId: data.investmentId,
        maturedOn: last,
        principal: centsToString(principal),
        profit: centsToString(profit),
      },
    },
  ];
}

/** Each named wallet that changes: a new or changed address starts its cooling period, a blank one leaves. */
export function savePayoutAddresses(
  { data }: SavePayoutAddresses,
  state: AccountState,
): (PayoutAddressSaved | PayoutAddressRemoved)[] {
  requireOpen(data.accountOpen);
  const changes = data.addresses.filter(
    ({ wallet, addressKey }) => (state.payoutAddresses[wallet]?.addressKey ?? null) !== addressKey,
  );
  if (changes.length > 0) requireUnlocked(state);
  const savedAt = data.savedAt.toISOString();
  const usableFrom = new Date(data.savedAt.getTime() + hours(data.coolingHours)).toISOString();
  return changes.map(({ wallet, addressKey }) =>
    addressKey === null
      ? { type: 'PayoutAddressRemoved', data: { userId: data.userId, wallet, removedAt: savedAt } }
      : {
          type: 'PayoutAddressSaved',
          data: { userId: data.userId, wallet, addressKey, savedAt, usableFrom },
        },
  );
}

/**
 * After a change to the account's security: no withdrawal for the configured hours (none when 0). A change held
 * for already (or older than one held for) starts nothing, so the same change can be offered any number of times.
 */
export function startSecurityHold({ data }: StartSecurityHold, state: AccountState): SecurityHoldStarted[] {
  if (data.holdHours <= 0) return [];
  if (data.changePosition <= state.heldThroughChange) return [];
  const until = new Date(data.startedAt.getTime() + hours(data.holdHours));
  return [
    {
      type: 'SecurityHoldStarted',
      data: {
        userId: data.userId,
        cause: data.cause,
        changePosition: data.changePosition,
        startedAt: data.startedAt.toISOString(),
        until: until.toISOString(),
      },
    },
  ];
}

/** Freezes withdrawals and address changes; locking a locked account changes nothing. */
export function lockAccount({ data }: LockAccount, state: AccountState): AccountLocked[] {
  if (state.lock) return [];
  const reason = requireReason(data.reason);
  return [
    {
      type: 'AccountLocked',
      data: {
        userId: data.userId,
        lockedBy: data.lockedBy,
        adminId: data.adminId,
        reason,
        lockedAt: data.lockedAt.toISOString(),
      },
    },
  ];
}

export function unlockAccount({ data }: UnlockAccount, state: AccountState): AccountUnlocked[] {
  const reason = requireReason(data.reason);
  requireOpen(data.accountOpen);
  if (!state.lock) throw new IllegalStateError(accountMessages.accountNotLocked);
  return [
    {
      type: 'AccountUnlocked',
      data: { userId: data.userId, adminId: data.adminId, reason, unlockedAt: data.unlockedAt.toISOString() },
    },
  ];
}

export function setWithdrawalLimits(
  { data }: SetWithdrawalLimits,
  _state: AccountState,
): WithdrawalLimitsSet[] {
  const reason = requireReason(data.reason);
  const { daily, thirtyDays } = data;
  if (daily <= 0n || thirtyDays > MAX_AMOUNT || daily > thirtyDays) {
    throw new ValidationError('daily', accountMessages.invalidLimits);
  }
  requireOpen(data.accountOpen);
  return [
    {
      type: 'WithdrawalLimitsSet',
      data: {
        userId: data.userId,
        daily: centsToString(daily),
        thirtyDays: centsToString(thirtyDays),
        reason,
        adminId: data.adminId,
        setAt: data.setAt.toISOString(),
      },
    },
  ];
}

export interface LimitUse {
  limit: Cents;
  used: Cents;
  /** What may still be withdrawn in this window now. */
  left: Cents;
  /** When the oldest withdrawal counted leaves the window; null when none counts. */
  freesAt: Date | null;
}

/**
 * The rolling windows as they stand at `at`: pending and paid withdrawals asked for in the last 24 hours or 30
 * days count; a rejected one gives its amount back.
 */
export function withdrawalLimitUse(
  state: AccountState,
  at: Date,
  defaults: WithdrawalLimits,
): Record<keyof WithdrawalLimits, LimitUse> {
  const limits = state.withdrawalLimits ?? defaults;
  const counted = Object.values(state.withdrawals).filter(
    (withdrawal) => withdrawal.status !== 'rejected' && withdrawal.requestedAt !== '',
  );
  const use = (name: keyof WithdrawalLimits, windowMs: number): LimitUse => {
    const inWindow = counted.filter(
      (withdrawal) => at.getTime() - new Date(withdrawal.requestedAt).getTime() < windowMs,
    );
    const used = inWindow.reduce((sum, withdrawal) => sum + withdrawal.amount, 0n);
    const oldest = inWindow.map((withdrawal) => withdrawal.requestedAt).sort()[0];
    const left = limits[name] - used;
    return {
      limit: limits[name],
      used,
      left: left > 0n ? left : 0n,
      freesAt: oldest === undefined ? null : new Date(new Date(oldest).getTime() + windowMs),
    };
  };
  return { daily: use('daily', DAY_MS), thirtyDays: use('thirtyDays', LIMITS_LOOKBACK_MS) };
}

/**
 * The events the command appends; none when it repeats a finished one (a second confirm, pay or reject). Any
 * command that would take a figure above the largest amount is refused whole.
 */
export function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  const events = decideCommand(command, state);
  requireWithinLargestAmount(state, events.reduce(evolve, state));
  return events;
}

function decideCommand(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'RequestDeposit':
      return requestDeposit(command, state);
    case 'ConfirmDeposit':
      return confirmDeposit(command, state);
    case 'RejectDeposit':
      return rejectDeposit(command, state);
    case 'RequestWithdrawal':
      return requestWithdrawal(command, state);
    case 'MarkWithdrawalPaid':
      return markWithdrawalPaid(command, state);
    case 'RejectWithdrawal':
      return rejectWithdrawal(command, state);
    case 'AdjustBalance':
      return adjustBalance(command, state);
    case 'AdjustBalances':
      return adjustBalances(command, state);
    case 'AccrueProfit':
      return accrueProfit(command, state);
    case 'MatureInvestment':
      return matureInvestment(command, state);
    case 'SavePayoutAddresses':
      return savePayoutAddresses(command, state);
    case 'StartSecurityHold':
      return startSecurityHold(command, state);
    case 'LockAccount':
      return lockAccount(command, state);
    case 'UnlockAccount':
      return unlockAccount(command, state);
    case 'SetWithdrawalLimits':
      return setWithdrawalLimits(command, state);
    default: {
      const unknown: never = command;
      throw new IllegalStateError(`Unknown command ${(unknown as { type: string }).type}.`);
    }
  }
}

export const accountDecider = { decide, evolve, initialState };

function requirePositive(amount: Cents): void {
  if (amount <= 0n || amount > MAX_AMOUNT) throw new ValidationError('amount', INVALID_AMOUNT);
}

function requireOpen(accountOpen: boolean): void {
  if (!accountOpen) throw new IllegalStateError(ACCOUNT_CLOSED);
}

const FIGURES: Record<AccountFigure, { of: (state: AccountState) => Cents; words: string }> = {
  available: { of: (state) => state.available, words: 'the available balance' },
  invested: { of: (state) => state.invested, words: 'the invested total' },
  profit: { of: totalProfit, words: 'the total profit' },
  reserved: { of: (state) => state.reserved, words: 'the amount reserved for withdrawals' },
};

/**
 * Above MAX_AMOUNT a figure could no longer be shown in, or corrected from, the admin form. Only a figure that
 * rises is checked, so one already above (from before this rule) can still come down.
 */
function requireWithinLargestAmount(before: AccountState, after: AccountState): void {
  for (const figure of Object.keys(FIGURES) as AccountFigure[]) {
    const { of, words } = FIGURES[figure];
    const amount = of(after);
    if (amount > MAX_AMOUNT && amount > of(before)) {
      const message = accountMessages.overLargestAmount(
        words,
        formatDollars(amount),
        formatDollars(MAX_AMOUNT),
      );
      throw new OverLargestAmountError(figure, message);
    }
  }
}

/**
 * A deposit is taken only if it could be confirmed together with every deposit still waiting: confirming one adds
 * it to the invested total, which may not pass the largest amount, and a member should hear so when asking, not
 * after paying.
 */
function requireConfirmableWithinLargestAmount(state: AccountState, amount: Cents): void {
  let total = state.invested + amount;
  for (const deposit of Object.values(state.deposits))
    if (deposit.status === 'pending') total += deposit.amount;
  if (total > MAX_AMOUNT) {
    const message = accountMessages.overLargestAmount(
      `${FIGURES.invested.words} with the deposits waiting for confirmation`,
      formatDollars(total),
      formatDollars(MAX_AMOUNT),
    );
    throw new ValidationError('amount', message);
  }
}

function requireUnlocked(state: AccountState): void {
  if (state.lock) throw new IllegalStateError(accountMessages.accountLocked);
}

function hours(count: number): number {
  return count * HOUR_MS;
}

/**
 * Refuses an amount over what either window leaves, naming what may be withdrawn now and until when: the moment
 * the binding window frees its oldest withdrawal, or a full window from now when nothing in it counts yet.
 */
function requireWithinLimits(state: AccountState, amount: Cents, at: Date, defaults: WithdrawalLimits): void {
  const use = withdrawalLimitUse(state, at, defaults);
  const binding = LIMIT_WINDOWS.filter(({ name }) => amount > use[name].left);
  if (binding.length === 0) return;
  const left = use.daily.left < use.thirtyDays.left ? use.daily.left : use.thirtyDays.left;
  const until = binding
    .map(({ name, ms }) => use[name].freesAt ?? new Date(at.getTime() + ms))
    .reduce((latest, moment) => (moment > latest ? moment : latest));
  throw new ValidationError(
    'amount',
    accountMessages.overWithdrawalLimit(formatDollars(left), formatMessageTime(until)),
  );
}

/** Trimmed, then 3 to 500 UTF-16 units: the same count the request schemas use. */
function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length < 3 || trimmed.length > 500) throw new ValidationError('reason', INVALID_REASON);
  return trimmed;
}
