import { centsFromString, type Cents } from '../money.js';
import type {
  AccountEvent,
  AdjustableBucket,
  IsoTimestamp,
  PayoutWallet,
  PlanTerms,
  SecurityHoldCause,
  WithdrawalSource,
} from './account.events.js';

/**
 * available: withdrawable now; invested: principal in running plans; profitLocked: earned in a plan that has
 * not finished; profitUnlocked: earned in a finished plan, withdrawable; reserved: held for pending withdrawals.
 */
export type Bucket = 'available' | 'invested' | 'profitLocked' | 'profitUnlocked' | 'reserved';

/**
 * The figures staff and members read: the buckets, with profit as locked and unlocked together (the admin form's
 * Total Profit). None may be taken above MAX_AMOUNT, which is also the most the admin form accepts for one.
 */
export type AccountFigure = 'available' | 'invested' | 'profit' | 'reserved';

export const accountBuckets: readonly Bucket[] = [
  'available',
  'invested',
  'profitLocked',
  'profitUnlocked',
  'reserved',
];

export type DepositStatus = 'pending' | 'confirmed' | 'rejected';
export type WithdrawalStatus = 'pending' | 'paid' | 'rejected';
/** What the state keeps of a decided deposit or a settled withdrawal: a repeated decision reads it. */
export type DecidedDepositStatus = Exclude<DepositStatus, 'pending'>;
export type SettledWithdrawalStatus = Exclude<WithdrawalStatus, 'pending'>;

/** The rolling withdrawal limits' longest window: a paid withdrawal counts against it for this long. */
export const LIMITS_LOOKBACK_MS = 30 * 86_400_000;
// A paid withdrawal leaves the state a day after it leaves the window, so that a command timed a little
// earlier than the last event (another server's clock) still counts it.
const PAID_KEPT_MS = LIMITS_LOOKBACK_MS + 86_400_000;

export interface Deposit extends PlanTerms {
  depositId: string;
  status: DepositStatus;
  amount: Cents;
}

export interface Investment extends PlanTerms {
  investmentId: string;
  depositId: string;
  principal: Cents;
  startedAt: IsoTimestamp;
  maturesAt: IsoTimestamp;
  /** Profit accrued so far: locked until the investment matures. */
  profit: Cents;
  /** The last term day accrued, "YYYY-MM-DD"; null before the first. */
  accruedThrough: string | null;
}

export interface Withdrawal {
  withdrawalId: string;
  status: WithdrawalStatus;
  source: WithdrawalSource;
  amount: Cents;
  /** When it was asked for: it counts against the rolling limits from then. */
  requestedAt: IsoTimestamp;
}

/** An address of the member's address book: withdrawals may go to it once its cooling period has passed. */
export interface PayoutAddress {
  addressKey: string;
  savedAt: IsoTimestamp;
  usableFrom: IsoTimestamp;
}

export interface SecurityHold {
  cause: SecurityHoldCause;
  startedAt: IsoTimestamp;
  until: IsoTimestamp;
}

export interface AccountLock {
  lockedBy: 'member' | 'admin';
  reason: string;
  lockedAt: IsoTimestamp;
}

export interface WithdrawalLimits {
  daily: Cents;
  thirtyDays: Cents;
}

export interface AccountState extends Record<Bucket, Cents> {
  /** Sum of confirmed deposits. */
  totalDeposited: Cents;
  /** Sum of paid withdrawals. */
  totalWithdrawn: Cents;
  /**
   * The state keeps in full only what a decision still reads, so that its size does not grow with the
   * account's history: deposits waiting for an admin, running investments, pending withdrawals and paid ones
   * inside the limits' window. Of the rest only the outcome is kept, which answers a repeated confirm, pay
   * or reject.
   */
  deposits: Readonly<Record<string, Deposit>>;
  decidedDeposits: Readonly<Record<string, DecidedDepositStatus>>;
  investments: Readonly<Record<string, Investment>>;
  /** The day each finished investment matured on. */
  maturedInvestments: Readonly<Record<string, string>>;
  withdrawals: Readonly<Record<string, Withdrawal>>;
  settledWithdrawals: Readonly<Record<string, SettledWithdrawalStatus>>;
  payoutAddresses: Readonly<Partial<Record<PayoutWallet, PayoutAddress>>>;
  /** The hold that ends last; withdrawals are refused before its `until`. */
  securityHold: SecurityHold | null;
  /** The identity stream position of the latest security change held for: no change gets a second hold. */
  heldThroughChange: number;
  lock: AccountLock | null;
  /** The member's own limits; null takes the platform's defaults. */
  withdrawalLimits: WithdrawalLimits | null;
}

export function initialState(): AccountState {
  return {
    available: 0n,
    invested: 0n,
    profitLocked: 0n,
    profitUnlocked: 0n,
    reserved: 0n,
    totalDeposited: 0n,
    totalWithdrawn: 0n,
    deposits: {},
    decidedDeposits: {},
    investments: {},
    maturedInvestments: {},
    withdrawals: {},
    settledWithdrawals: {},
    payoutAddresses: {},
    securityHold: null,
    heldThroughChange: 0,
    lock: null,
    withdrawalLimits: null,
  };
}

/** Where a deposit stands, from the pending ones or the decided; undefined for a deposit never asked for. */
export function depositStatus(state: AccountState, depositId: string): DepositStatus | undefined {
  return state.deposits[depositId]?.status ?? state.decidedDeposits[depositId];
}

/** How many of the member's withdrawals wait for an admin to pay or reject them. */
export function pendingWithdrawals(state: AccountState): number {
  return Object.values(state.withdrawals).filter(({ status }) => status === 'pending').length;
}

/** Where a withdrawal stands, from the kept ones or the settled; undefined for one never asked for. */
export function withdrawalStatus(state: AccountState, withdrawalId: string): WithdrawalStatus | undefined {
  return state.withdrawals[withdrawalId]?.status ?? state.settledWithdrawals[withdrawalId];
}

export function sourceBucket(source: WithdrawalSource): Bucket {
  return source === 'balance' ? 'available' : 'profitUnlocked';
}

export function adjustedBucket(bucket: AdjustableBucket): Bucket {
  return bucket === 'profit' ? 'profitUnlocked' : bucket;
}

export function evolve(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'DepositRequested': {
      const { depositId, amount, planId, planVersion, planName, percentage, termDays } = event.data;
      const deposit: Deposit = {
        depositId,
        status: 'pending',
        amount: centsFromString(amount),
        planId,
        planVersion,
        planName,
        percentage,
        termDays,
      };
      return { ...state, deposits: { ...state.deposits, [depositId]: deposit } };
    }
    case 'DepositConfirmed': {
      const { depositId, investmentId, confirmedAt, maturesAt } = event.data;
      const amount = centsFromString(event.data.amount);
      const deposit = state.deposits[depositId];
      const investments = deposit
        ? {
            ...state.investments,
            [investmentId]: {
              investmentId,
              depositId,
              planId: deposit.planId,
              planVersion: deposit.planVersion,
              planName: deposit.planName,
              percentage: deposit.percentage,
              termDays: deposit.termDays,
              principal: amount,
              startedAt: confirmedAt,
              maturesAt,
              profit: 0n,
              accruedThrough: null,
            },
          }
        : state.investments;
      return {
        ...state,
        invested: state.invested + amount,
        totalDeposited: state.totalDeposited + amount,
        ...decideDeposit(state, depositId, 'confirmed'),
        investments,
      };
    }
    case 'DepositRejected':
      return { ...state, ...decideDeposit(state, event.data.depositId, 'rejected') };
    case 'WithdrawalRequested': {
      const { withdrawalId, source, requestedAt } = event.data;
      const amount = centsFromString(event.data.amount);
      const from = sourceBucket(source);
      const withdrawal: Withdrawal = { withdrawalId, status: 'pending', source, amount, requestedAt };
      return {
        ...state,
        [from]: state[from] - amount,
        reserved: state.reserved + amount,
        ...settleOldPaidWithdrawals(
          { ...state.withdrawals, [withdrawalId]: withdrawal },
          state.settledWithdrawals,
          requestedAt,
        ),
      };
    }
    case 'WithdrawalPaid': {
      const amount = centsFromString(event.data.amount);
      return {
        ...state,
        reserved: state.reserved - amount,
        totalWithdrawn: state.totalWithdrawn + amount,
        ...settleOldPaidWithdrawals(
          withStatus(state.withdrawals, event.data.withdrawalId, 'paid'),
          state.settledWithdrawals,
          event.data.paidAt,
        ),
      };
    }
    case 'WithdrawalRejected': {
      const amount = centsFromString(event.data.amount);
      const back = sourceBucket(event.data.source);
      const [withdrawals, settledWithdrawals] = moveOut(
        state.withdrawals,
        state.settledWithdrawals,
        event.data.withdrawalId,
        'rejected',
      );
      return {
        ...state,
        reserved: state.reserved - amount,
        [back]: state[back] + amount,
        withdrawals,
        settledWithdrawals,
      };
    }
    case 'BalanceAdjusted': {
      const bucket = adjustedBucket(event.data.bucket);
      return { ...state, [bucket]: state[bucket] + centsFromString(event.data.amount) };
    }
    case 'ProfitAccrued': {
      const { investmentId, day } = event.data;
      const amount = centsFromString(event.data.amount);
      const investment = state.investments[investmentId];
      const investments = investment
        ? {
            ...state.investments,
            [investmentId]: { ...investment, profit: investment.profit + amount, accruedThrough: day },
          }
        : state.investments;
      return { ...state, profitLocked: state.profitLocked + amount, investments };
    }
    case 'InvestmentMatured': {
      const { investmentId, maturedOn } = event.data;
      const principal = centsFromString(event.data.principal);
      const profit = centsFromString(event.data.profit);
      const [investments, maturedInvestments] = moveOut(
        state.investments,
        state.maturedInvestments,
        investmentId,
        maturedOn,
      );
      return {
        ...state,
        invested: state.invested - principal,
        available: state.available + principal,
        profitLocked: state.profitLocked - profit,
        profitUnlocked: state.profitUnlocked + profit,
        investments,
        maturedInvestments,
      };
    }
    case 'PayoutAddressSaved': {
      const { wallet, addressKey, savedAt, usableFrom } = event.data;
      return {
        ...state,
        payoutAddresses: { ...state.payoutAddresses, [wallet]: { addressKey, savedAt, usableFrom } },
      };
    }
    case 'PayoutAddressRemoved': {
      const { [event.data.wallet]: _removed, ...kept } = state.payoutAddresses;
      return { ...state, payoutAddresses: kept };
    }
    case 'SecurityHoldStarted': {
      const { cause, startedAt, until, changePosition } = event.data;
      const current = state.securityHold;
      const heldThroughChange = Math.max(state.heldThroughChange, changePosition);
      // Holds overlap: the one that ends last is the one that counts.
      if (current && current.until >= until) return { ...state, heldThroughChange };
      return { ...state, securityHold: { cause, startedAt, until }, heldThroughChange };
    }
    case 'AccountLocked': {
      const { lockedBy, reason, lockedAt } = event.data;
      return { ...state, lock: { lockedBy, reason, lockedAt } };
    }
    case 'AccountUnlocked':
      return { ...state, lock: null };
    case 'WithdrawalLimitsSet':
      return {
        ...state,
        withdrawalLimits: {
          daily: centsFromString(event.data.daily),
          thirtyDays: centsFromString(event.data.thirtyDays),
        },
      };
  }
}

/** A deposit decided: out of the pending ones, its outcome kept. */
function decideDeposit(
  state: AccountState,
  depositId: string,
  status: DecidedDepositStatus,
): Pick<AccountState, 'deposits' | 'decidedDeposits'> {
  const [deposits, decidedDeposits] = moveOut(state.deposits, state.decidedDeposits, depositId, status);
  return { deposits, decidedDeposits };
}

/** `id` out of `items` and into `outcomes` as `outcome`; the outcome is kept even if the item was not there. */
function moveOut<T, O>(
  items: Readonly<Record<string, T>>,
  outcomes: Readonly<Record<string, O>>,
  id: string,
  outcome: O,
): [Readonly<Record<string, T>>, Readonly<Record<string, O>>] {
  const { [id]: _moved, ...kept } = items;
  return [kept, { ...outcomes, [id]: outcome }];
}

/**
 * Paid withdrawals that no rolling limit counts any more at `now` keep only their outcome. Those stored
 * before withdrawals had a time (requestedAt '') count against no limit.
 */
function settleOldPaidWithdrawals(
  withdrawals: Readonly<Record<string, Withdrawal>>,
  settledWithdrawals: Readonly<Record<string, SettledWithdrawalStatus>>,
  now: IsoTimestamp,
): Pick<AccountState, 'withdrawals' | 'settledWithdrawals'> {
  const keptAfter = new Date(new Date(now).getTime() - PAID_KEPT_MS).toISOString();
  const old = Object.values(withdrawals).filter(
    (withdrawal) => withdrawal.status === 'paid' && withdrawal.requestedAt < keptAfter,
  );
  if (old.length === 0) return { withdrawals, settledWithdrawals };
  const kept = { ...withdrawals };
  const settled = { ...settledWithdrawals };
  for (const { withdrawalId } of old) {
    delete kept[withdrawalId];
    settled[withdrawalId] = 'paid';
  }
  return { withdrawals: kept, settledWithdrawals: settled };
}

function withStatus<T extends { status: string }>(
  items: Readonly<Record<string, T>>,
  id: string,
  status: T['status'],
): Readonly<Record<string, T>> {
  const item = items[id];
  return item ? { ...items, [id]: { ...item, status } } : items;
}
