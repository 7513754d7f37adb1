import {
  centsFromString,
  centsToString,
  type AccountState,
  type Deposit,
  type Investment,
  type Withdrawal,
  type WithdrawalLimits,
} from '@ledgerstone/ledger';

type Stored<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] };

type Nested = 'deposits' | 'investments' | 'withdrawals' | 'withdrawalLimits';

interface StoredAccountState extends Stored<Omit<AccountState, Nested>> {
  deposits: Record<string, Stored<Deposit>>;
  investments: Record<string, Stored<Investment>>;
  withdrawals: Record<string, Stored<Withdrawal>>;
  withdrawalLimits: Stored<WithdrawalLimits> | null;
}

function mapValues<A, B>(record: Readonly<Record<string, A>>, map: (value: A) => B): Record<string, B> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

/** The state as the `state` jsonb column keeps it: JSON has no bigint, so cents travel as strings. */
export function storeAccountState(state: AccountState): StoredAccountState {
  return {
    available: centsToString(state.available),
    invested: centsToString(state.invested),
    profitLocked: centsToString(state.profitLocked),
    profitUnlocked: centsToString(state.profitUnlocked),
    reserved: centsToString(state.reserved),
    totalDeposited: centsToString(state.totalDeposited),
    totalWithdrawn: centsToString(state.totalWithdrawn),
    deposits: mapValues(state.deposits, (deposit) => ({ ...deposit, amount: centsToString(deposit.amount) })),
    investments: mapValues(state.investments, (investment) => ({
      ...investment,
      principal: centsToString(investment.principal),
      profit: centsToString(investment.profit),
    })),
    withdrawals: mapValues(state.withdrawals, (withdrawal) => ({
      ...withdrawal,
      amount: centsToString(withdrawal.amount),
    })),
    payoutAddresses: state.payoutAddresses,
    securityHold: state.securityHold,
    heldThroughChange: state.heldThroughChange,
    lock: state.lock,
    withdrawalLimits: state.withdrawalLimits && {
      daily: centsToString(state.withdrawalLimits.daily),
      thirtyDays: centsToString(state.withdrawalLimits.thirtyDays),
    },
  };
}

export function loadAccountState(stored: unknown): AccountState {
  const state = stored as StoredAccountState;
  return {
    available: centsFromString(state.available),
    invested: centsFromString(state.invested),
    profitLocked: centsFromString(state.profitLocked),
    profitUnlocked: centsFromString(state.profitUnlocked),
    reserved: centsFromString(state.reserved),
    totalDeposited: centsFromString(state.totalDeposited),
    totalWithdrawn: centsFromString(state.totalWithdrawn),
    deposits: mapValues(state.deposits, (deposit) => ({
      ...deposit,
      amount: centsFromString(deposit.amount),
    })),
    // States stored before investments accrued have no profit, accruedThrough or maturedOn yet.
    investments: mapValues(state.investments, (investment) => ({
      ...investment,
      principal: centsFromString(investment.principal),
      profit: centsFromString(investment.profit ?? '0'),
      accruedThrough: investment.accruedThrough ?? null,
      maturedOn: investment.maturedOn ?? null,
    })),
    // States stored before the address book, holds, locks and limits have none of them.
    withdrawals: mapValues(state.withdrawals, (withdrawal) => ({
      ...withdrawal,
      amount: centsFromString(withdrawal.amount),
      requestedAt: withdrawal.requestedAt ?? '',
    })),
    payoutAddresses: state.payoutAddresses ?? {},
    securityHold: state.securityHold ?? null,
    heldThroughChange: state.heldThroughChange ?? 0,
    lock: state.lock ?? null,
    withdrawalLimits: state.withdrawalLimits
      ? {
          daily: centsFromString(state.withdrawalLimits.daily),
          thirtyDays: centsFromString(state.withdrawalLimits.thirtyDays),
        }
      : null,
  };
}
