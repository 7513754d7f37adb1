import {
  centsFromString,
  centsToString,
  type AccountState,
  type DecidedDepositStatus,
  type Deposit,
  type Investment,
  type SettledWithdrawalStatus,
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

/**
 * A row stored before the state kept decided deposits, matured investments and rejected withdrawals apart:
 * they sit among the rest with their whole record, and the outcome maps are missing.
 */
interface LegacyEntries {
  deposits: Record<string, Stored<Deposit>>;
  investments: Record<string, Stored<Investment> & { maturedOn?: string | null }>;
  withdrawals: Record<string, Stored<Withdrawal>>;
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
    decidedDeposits: state.decidedDeposits,
    investments: mapValues(state.investments, (investment) => ({
      ...investment,
      principal: centsToString(investment.principal),
      profit: centsToString(investment.profit),
    })),
    maturedInvestments: state.maturedInvestments,
    withdrawals: mapValues(state.withdrawals, (withdrawal) => ({
      ...withdrawal,
      amount: centsToString(withdrawal.amount),
    })),
    settledWithdrawals: state.settledWithdrawals,
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
  const legacy = separateLegacyEntries(state);
  return {
    available: centsFromString(state.available),
    invested: centsFromString(state.invested),
    profitLocked: centsFromString(state.profitLocked),
    profitUnlocked: centsFromString(state.profitUnlocked),
    reserved: centsFromString(state.reserved),
    totalDeposited: centsFromString(state.totalDeposited),
    totalWithdrawn: centsFromString(state.totalWithdrawn),
    deposits: mapValues(legacy.deposits, (deposit) => ({
      ...deposit,
      amount: centsFromString(deposit.amount),
    })),
    decidedDeposits: { ...state.decidedDeposits, ...legacy.decidedDeposits },
    // States stored before investments accrued have no profit or accruedThrough yet.
    investments: mapValues(legacy.investments, ({ maturedOn: _running, ...investment }) => ({
      ...investment,
      principal: centsFromString(investment.principal),
      profit: centsFromString(investment.profit ?? '0'),
      accruedThrough: investment.accruedThrough ?? null,
    })),
    maturedInvestments: { ...state.maturedInvestments, ...legacy.maturedInvestments },
    // States stored before the address book, holds, locks and limits have none of them.
    withdrawals: mapValues(legacy.withdrawals, (withdrawal) => ({
      ...withdrawal,
      amount: centsFromString(withdrawal.amount),
      requestedAt: withdrawal.requestedAt ?? '',
    })),
    settledWithdrawals: { ...state.settledWithdrawals, ...legacy.settledWithdrawals },
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

/** A legacy row's decided deposits, matured investments and rejected withdrawals, moved to their outcomes. */
function separateLegacyEntries(entries: LegacyEntries) {
  const deposits: LegacyEntries['deposits'] = {};
  const decidedDeposits: Record<string, DecidedDepositStatus> = {};
  for (const [id, deposit] of Object.entries(entries.deposits)) {
    if (deposit.status === 'pending') deposits[id] = deposit;
    else decidedDeposits[id] = deposit.status;
  }
  const investments: LegacyEntries['investments'] = {};
  const maturedInvestments: Record<string, string> = {};
  for (const [id, investment] of Object.entries(entries.investments)) {
    if (investment.maturedOn) maturedInvestments[id] = investment.maturedOn;
    else investments[id] = investment;
  }
  const withdrawals: LegacyEntries['withdrawals'] = {};
  const settledWithdrawals: Record<string, SettledWithdrawalStatus> = {};
  for (const [id, withdrawal] of Object.entries(entries.withdrawals)) {
    if (withdrawal.status === 'rejected') settledWithdrawals[id] = 'rejected';
    else withdrawals[id] = withdrawal;
  }
  return { deposits, decidedDeposits, investments, maturedInvestments, withdrawals, settledWithdrawals };
}
