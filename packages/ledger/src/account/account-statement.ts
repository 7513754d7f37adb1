import { centsFromString, type Cents, type CentsString } from '../money.js';
import { accountBuckets, type Bucket } from './account.js';
import { evolveBalances, zeroBalances, type Balances } from './account-balances.js';
import type { AccountEvent, AdjustableBucket } from './account.events.js';

/** The five buckets of an account at one moment, and their sum. */
export interface StatementBalances extends Record<Bucket, Cents> {
  total: Cents;
}

/** What one event moved, read from its own data. */
export interface EventMovement {
  /** Signed for an adjustment; principal and profit together for a maturity. */
  amount: Cents;
  /** The bucket an adjustment changed. */
  bucket: AdjustableBucket | null;
  /** An adjustment's or a rejection's reason. */
  reason: string | null;
  /** The deposit, withdrawal or adjustment the event belongs to; null for accruals and maturities. */
  transactionId: string | null;
}

/** One event of a statement: what it moved, what it changed the total by, and the balances right after it. */
export interface StatementLine<E extends AccountEvent = AccountEvent> extends EventMovement {
  event: E;
  change: Cents;
  balances: StatementBalances;
}

export const zeroStatementBalances: StatementBalances = {
  available: 0n,
  invested: 0n,
  profitLocked: 0n,
  profitUnlocked: 0n,
  reserved: 0n,
  total: 0n,
};

export function eventMovement(event: AccountEvent): EventMovement {
  switch (event.type) {
    case 'DepositRequested':
    case 'DepositConfirmed':
      return movement(event.data.amount, { transactionId: event.data.depositId });
    case 'DepositRejected':
      return movement(event.data.amount, {
        transactionId: event.data.depositId,
        reason: event.data.reason,
      });
    case 'WithdrawalRequested':
    case 'WithdrawalPaid':
      return movement(event.data.amount, { transactionId: event.data.withdrawalId });
    case 'WithdrawalRejected':
      return movement(event.data.amount, {
        transactionId: event.data.withdrawalId,
        reason: event.data.reason,
      });
    case 'BalanceAdjusted':
      return movement(event.data.amount, {
        transactionId: event.data.adjustmentId,
        bucket: event.data.bucket,
        reason: event.data.reason,
      });
    case 'ProfitAccrued':
      return movement(event.data.amount);
    case 'InvestmentMatured':
      return movement(centsFromString(event.data.principal) + centsFromString(event.data.profit));
    case 'PayoutAddressSaved':
    case 'PayoutAddressRemoved':
    case 'SecurityHoldStarted':
      return movement(0n);
    case 'AccountLocked':
    case 'AccountUnlocked':
    case 'WithdrawalLimitsSet':
      return movement(0n, { reason: event.data.reason });
  }
}

function movement(
  amount: CentsString | Cents,
  details: Partial<Omit<EventMovement, 'amount'>> = {},
): EventMovement {
  return {
    amount: typeof amount === 'bigint' ? amount : centsFromString(amount),
    bucket: details.bucket ?? null,
    reason: details.reason ?? null,
    transactionId: details.transactionId ?? null,
  };
}

export function statementBalances(balances: Balances): StatementBalances {
  const buckets = Object.fromEntries(accountBuckets.map((bucket) => [bucket, balances[bucket]])) as Record<
    Bucket,
    Cents
  >;
  return { ...buckets, total: accountBuckets.reduce((sum, bucket) => sum + balances[bucket], 0n) };
}

/** The events in order, each with what it moved and the running balances after it. */
export function statementLines<E extends AccountEvent>(events: readonly E[]): StatementLine<E>[] {
  const lines: StatementLine<E>[] = [];
  let balances = zeroBalances;
  let before = zeroStatementBalances;
  for (const event of events) {
    balances = evolveBalances(balances, event);
    const after = statementBalances(balances);
    lines.push({ event, ...eventMovement(event), change: after.total - before.total, balances: after });
    before = after;
  }
  return lines;
}

/**
 * The events of a stream recorded at or before `moment`. A stream is in position order, so this stops at the
 * first event recorded after the moment: what it keeps is always a prefix of the chain, which the hash of its
 * last event vouches for.
 */
export function recordedBy<E extends { recordedAt: Date }>(events: readonly E[], moment: Date): E[] {
  const after = events.findIndex((event) => event.recordedAt.getTime() > moment.getTime());
  return after === -1 ? [...events] : events.slice(0, after);
}

/** The account's balances as they stood at `moment`: the fold of the events recorded by then. */
export function balancesAsOf(
  events: readonly (AccountEvent & { recordedAt: Date })[],
  moment: Date,
): StatementBalances {
  return statementBalances(recordedBy(events, moment).reduce(evolveBalances, zeroBalances));
}
