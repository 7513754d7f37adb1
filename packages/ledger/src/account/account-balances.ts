import { centsFromString, type Cents } from '../money.js';
import { adjustedBucket, sourceBucket, type Bucket } from './account.js';
import type { AccountEvent } from './account.events.js';

/** A member's figures as the balance read model keeps them: one row per account, one event at a time. */
export interface Balances extends Record<Bucket, Cents> {
  totalDeposited: Cents;
  totalWithdrawn: Cents;
}

export const zeroBalances: Balances = {
  available: 0n,
  invested: 0n,
  profitLocked: 0n,
  profitUnlocked: 0n,
  reserved: 0n,
  totalDeposited: 0n,
  totalWithdrawn: 0n,
};

/** Applies one event from its own data alone, so a projection needs no other row to keep the figures. */
export function evolveBalances(balances: Balances, event: AccountEvent): Balances {
  switch (event.type) {
    case 'DepositRequested':
    case 'DepositRejected':
    case 'PayoutAddressSaved':
    case 'PayoutAddressRemoved':
    case 'SecurityHoldStarted':
    case 'AccountLocked':
    case 'AccountUnlocked':
    case 'WithdrawalLimitsSet':
      return balances;
    case 'DepositConfirmed': {
      const amount = centsFromString(event.data.amount);
      return {
        ...balances,
        invested: balances.invested + amount,
        totalDeposited: balances.totalDeposited + amount,
      };
    }
    case 'WithdrawalRequested': {
      const amount = centsFromString(event.data.amount);
      const from = sourceBucket(event.data.source);
      return { ...balances, [from]: balances[from] - amount, reserved: balances.reserved + amount };
    }
    case 'WithdrawalPaid': {
      const amount = centsFromString(event.data.amount);
      return {
        ...balances,
        reserved: balances.reserved - amount,
        totalWithdrawn: balances.totalWithdrawn + amount,
      };
    }
    case 'WithdrawalRejected': {
      const amount = centsFromString(event.data.amount);
      const back = sourceBucket(event.data.source);
      return { ...balances, reserved: balances.reserved - amount, [back]: balances[back] + amount };
    }
    case 'BalanceAdjusted': {
      const bucket = adjustedBucket(event.data.bucket);
      return { ...balances, [bucket]: balances[bucket] + centsFromString(event.data.amount) };
    }
    case 'ProfitAccrued':
      return { ...balances, profitLocked: balances.profitLocked + centsFromString(event.data.amount) };
    case 'InvestmentMatured': {
      const principal = centsFromString(event.data.principal);
      const profit = centsFromString(event.data.profit);
      return {
        ...balances,
        invested: balances.invested - principal,
        available: balances.available + principal,
        profitLocked: balances.profitLocked - profit,
        profitUnlocked: balances.profitUnlocked + profit,
      };
    }
  }
}

export function balances(events: readonly AccountEvent[]): Balances {
  return events.reduce(evolveBalances, zeroBalances);
}

/** The dashboard's Accumulated Interest and the admin's Total Profit: locked and unlocked together. */
export function totalProfit(figures: Pick<Balances, 'profitLocked' | 'profitUnlocked'>): Cents {
  return figures.profitLocked + figures.profitUnlocked;
}
