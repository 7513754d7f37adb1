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

export const accountBuckets: readonly Bucket[] = [
  'available',
  'invested',
  'profitLocked',
  'profitUnlocked',
  'reserved',
];

export type DepositStatus = 'pending' | 'confirmed' | 'rejected';
export type WithdrawalStatus = 'pending' | 'paid' | 'rejected';

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
  /** The term's last day once the investment matured; null while it runs. */
  maturedOn: string | null;
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
  deposits: Readonly<Record<string, Deposit>>;
  investments: Readonly<Record<string, Investment>>;
  withdrawals: Readonly<Record<string, Withdrawal>>;
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
    investments: {},
    withdrawals: {},
    payoutAddresses: {},
    securityHold: null,
    heldThroughChange: 0,
    lock: null,
    withdrawalLimits: null,
  };
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
              maturedOn: null,
            },
          }
        : state.investments;
      return {
        ...state,
        invested: state.invested + amount,
        totalDeposited: state.totalDeposited + amount,
        deposits: withStatus(state.deposits, depositId, 'confirmed'),
        investments,
      };
    }
    case 'DepositRejected':
      return { ...state, deposits: withStatus(state.deposits, event.data.depositId, 'rejected') };
    case 'WithdrawalRequested': {
      const { withdrawalId, source, requestedAt } = event.data;
      const amount = centsFromString(event.data.amount);
      const from = sourceBucket(source);
      const withdrawal: Withdrawal = { withdrawalId, status: 'pending', source, amount, requestedAt };
      return {
        ...state,
        [from]: state[from] - amount,
        reserved: state.reserved + amount,
        withdrawals: { ...state.withdrawals, [withdrawalId]: withdrawal },
      };
    }
    case 'WithdrawalPaid': {
      const amount = centsFromString(event.data.amount);
      return {
        ...state,
        reserved: state.reserved - amount,
        totalWithdrawn: state.totalWithdrawn + amount,
        withdrawals: withStatus(state.withdrawals, event.data.withdrawalId, 'paid'),
      };
    }
    case 'WithdrawalRejected': {
      const amount = centsFromString(event.data.amount);
      const back = sourceBucket(event.data.source);
      return {
        ...state,
        reserved: state.reserved - amount,
        [back]: state[back] + amount,
        withdrawals: withStatus(state.withdrawals, event.data.withdrawalId, 'rejected'),
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
      const investment = state.investments[investmentId];
      const investments = investment
        ? { ...state.investments, [investmentId]: { ...investment, maturedOn } }
        : state.investments;
      return {
        ...state,
        invested: state.invested - principal,
        available: state.available + principal,
        profitLocked: state.profitLocked - profit,
        profitUnlocked: state.profitUnlocked + profit,
        investments,
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

function withStatus<T extends { status: string }>(
  items: Readonly<Record<string, T>>,
  id: string,
  status: T['status'],
): Readonly<Record<string, T>> {
  const item = items[id];
  return item ? { ...items, [id]: { ...item, status } } : items;
}
