import { describe, expect, it } from '@jest/globals';
import { event } from '../testing/account-fixtures.js';
import type { Cents } from '../money.js';
import type { AccountEvent, InvestmentMatured, ProfitAccrued } from './account.events.js';
import {
  balancesAsOf,
  recordedBy,
  statementLines,
  zeroStatementBalances,
  type StatementBalances,
} from './account-statement.js';

type Recorded = AccountEvent & { recordedAt: Date };

const at = (moment: string, recorded: AccountEvent): Recorded => ({
  ...recorded,
  recordedAt: new Date(moment),
});

const profitAccrued = (day: string, amount: string): ProfitAccrued => ({
  type: 'ProfitAccrued',
  data: { userId: 'user-1', investmentId: 'investment-1', day, amount },
});

const investmentMatured: InvestmentMatured = {
  type: 'InvestmentMatured',
  data: {
    userId: 'user-1',
    investmentId: 'investment-1',
    maturedOn: '2026-03-31',
    principal: '150000',
    profit: '5000',
  },
};

/** Buckets in the order available, invested, profit locked, profit unlocked, reserved; the total is theirs. */
function buckets(
  available: Cents,
  invested: Cents,
  profitLocked: Cents,
  profitUnlocked: Cents,
  reserved: Cents,
): StatementBalances {
  return {
    available,
    invested,
    profitLocked,
    profitUnlocked,
    reserved,
    total: available + invested + profitLocked + profitUnlocked + reserved,
  };
}

interface ExpectedLine {
  type: AccountEvent['type'];
  amount: Cents;
  change: Cents;
  bucket: string | null;
  reason: string | null;
  transactionId: string | null;
  balances: StatementBalances;
}

function given(events: Recorded[]) {
  return {
    whenTheStatementIsMade: () => ({
      then: (expected: ExpectedLine[]) =>
        expect(
          statementLines(events).map(
            ({ event: line, amount, change, bucket, reason, transactionId, balances }) => ({
              type: line.type,
              amount,
              change,
              bucket,
              reason,
              transactionId,
              balances,
            }),
          ),
        ).toEqual(expected),
    }),
    whenTheBalancesAreAskedAsOf: (moment: string) => ({
      then: (expected: StatementBalances) => expect(balancesAsOf(events, new Date(moment))).toEqual(expected),
    }),
  };
}

// A whole life of one account, one event per hour on 2026-03-01 and after, with its figures worked out by hand.
const history: Recorded[] = [
  at('2026-03-01T10:00:00.000Z', event.balanceAdjusted({ amount: '100000', reason: 'Opening balance' })),
  at('2026-03-01T11:00:00.000Z', event.depositRequested()),
  at('2026-03-01T12:00:00.000Z', event.depositConfirmed()),
  at('2026-03-01T13:00:00.000Z', event.withdrawalRequested()),
  at('2026-03-01T14:00:00.000Z', event.withdrawalPaid()),
  at('2026-03-02T00:00:00.000Z', profitAccrued('2026-03-02', '2500')),
  at('2026-03-03T00:00:00.000Z', profitAccrued('2026-03-03', '2500')),
  at('2026-03-31T00:00:00.000Z', investmentMatured),
  at(
    '2026-04-01T09:00:00.000Z',
    event.balanceAdjusted({
      adjustmentId: 'adjustment-2',
      bucket: 'profit',
      amount: '-1000',
      reason: 'Fee charged twice',
    }),
  ),
  at(
    '2026-04-01T10:00:00.000Z',
    event.withdrawalRequested({ withdrawalId: 'withdrawal-2', source: 'profit', amount: '4000' }),
  ),
  at(
    '2026-04-01T11:00:00.000Z',
    event.withdrawalRejected({ withdrawalId: 'withdrawal-2', source: 'profit', amount: '4000' }),
  ),
];

describe('An account statement', () => {
  it('has no lines for an account without events', () => {
    given([]).whenTheStatementIsMade().then([]);
  });

  it('gives every event what it moved, its change to the total and the running balances after it', () => {
    given(history)
      .whenTheStatementIsMade()
      .then([
        {
          type: 'BalanceAdjusted',
          amount: 100_000n,
          change: 100_000n,
          bucket: 'available',
          reason: 'Opening balance',
          transactionId: 'adjustment-1',
          balances: buckets(100_000n, 0n, 0n, 0n, 0n),
        },
        {
          type: 'DepositRequested',
          amount: 150_000n,
          change: 0n,
          bucket: null,
          reason: null,
          transactionId: 'deposit-1',
          balances: buckets(100_000n, 0n, 0n, 0n, 0n),
        },
        {
          type: 'DepositConfirmed',
          amount: 150_000n,
          change: 150_000n,
          bucket: null,
          reason: null,
          transactionId: 'deposit-1',
          balances: buckets(100_000n, 150_000n, 0n, 0n, 0n),
        },
        {
          type: 'WithdrawalRequested',
          amount: 40_000n,
          change: 0n,
          bucket: null,
          reason: null,
          transactionId: 'withdrawal-1',
          balances: buckets(60_000n, 150_000n, 0n, 0n, 40_000n),
        },
        {
          type: 'WithdrawalPaid',
          amount: 40_000n,
          change: -40_000n,
          bucket: null,
          reason: null,
          transactionId: 'withdrawal-1',
          balances: buckets(60_000n, 150_000n, 0n, 0n, 0n),
        },
        {
          type: 'ProfitAccrued',
          amount: 2_500n,
          change: 2_500n,
          bucket: null,
          reason: null,
          transactionId: null,
          balances: buckets(60_000n, 150_000n, 2_500n, 0n, 0n),
        },
        {
          type: 'ProfitAccrued',
          amount: 2_500n,
          change: 2_500n,
          bucket: null,
          reason: null,
          transactionId: null,
          balances: buckets(60_000n, 150_000n, 5_000n, 0n, 0n),
        },
        {
          type: 'InvestmentMatured',
          amount: 155_000n,
          change: 0n,
          bucket: null,
          reason: null,
          transactionId: null,
          balances: buckets(210_000n, 0n, 0n, 5_000n, 0n),
        },
        {
          type: 'BalanceAdjusted',
          amount: -1_000n,
          change: -1_000n,
          bucket: 'profit',
          reason: 'Fee charged twice',
          transactionId: 'adjustment-2',
          balances: buckets(210_000n, 0n, 0n, 4_000n, 0n),
        },
        {
          type: 'WithdrawalRequested',
          amount: 4_000n,
          change: 0n,
          bucket: null,
          reason: null,
          transactionId: 'withdrawal-2',
          balances: buckets(210_000n, 0n, 0n, 0n, 4_000n),
        },
        {
          type: 'WithdrawalRejected',
          amount: 4_000n,
          change: 0n,
          bucket: null,
          reason: 'Wallet on the wrong network',
          transactionId: 'withdrawal-2',
          balances: buckets(210_000n, 0n, 0n, 4_000n, 0n),
        },
      ]);
  });

  it('names a rejected deposit with its reason and changes nothing', () => {
    given([
      at('2026-03-01T10:00:00.000Z', event.depositRequested()),
      at('2026-03-02T09:30:00.000Z', event.depositRejected()),
    ])
      .whenTheStatementIsMade()
      .then([
        {
          type: 'DepositRequested',
          amount: 150_000n,
          change: 0n,
          bucket: null,
          reason: null,
          transactionId: 'deposit-1',
          balances: zeroStatementBalances,
        },
        {
          type: 'DepositRejected',
          amount: 150_000n,
          change: 0n,
          bucket: null,
          reason: 'No payment arrived',
          transactionId: 'deposit-1',
          balances: zeroStatementBalances,
        },
      ]);
  });
});

describe('The balances as of a moment', () => {
  it('are all zero before the first event', () => {
    given(history).whenTheBalancesAreAskedAsOf('2026-03-01T09:59:59.999Z').then(zeroStatementBalances);
  });

  it('include an event recorded exactly at the moment', () => {
    given(history)
      .whenTheBalancesAreAskedAsOf('2026-03-01T13:00:00.000Z')
      .then(buckets(60_000n, 150_000n, 0n, 0n, 40_000n));
  });

  it('leave out the events recorded after the moment', () => {
    given(history)
      .whenTheBalancesAreAskedAsOf('2026-03-02T23:59:59.999Z')
      .then(buckets(60_000n, 150_000n, 2_500n, 0n, 0n));
  });

  it('read a moment with an offset as the same instant', () => {
    // 2026-03-31T01:00+02:00 is 2026-03-30T23:00Z: the day before the maturity.
    given(history)
      .whenTheBalancesAreAskedAsOf('2026-03-31T01:00:00+02:00')
      .then(buckets(60_000n, 150_000n, 5_000n, 0n, 0n));
  });

  it('are those of the last line of the whole statement once every event is recorded', () => {
    given(history)
      .whenTheBalancesAreAskedAsOf('2027-01-01T00:00:00.000Z')
      .then(buckets(210_000n, 0n, 0n, 4_000n, 0n));
  });
});

describe('The events recorded by a moment', () => {
  it('are the prefix of the stream up to the first event recorded later', () => {
    const events = [
      at('2026-03-01T10:00:00.000Z', event.depositRequested()),
      at('2026-03-01T12:00:00.000Z', event.depositConfirmed()),
      // Out of order by clock: still after a later-recorded event in the chain, so it is left out too.
      at('2026-03-01T11:00:00.000Z', event.withdrawalRequested()),
    ];
    expect(recordedBy(events, new Date('2026-03-01T11:30:00.000Z'))).toEqual([events[0]]);
    expect(recordedBy(events, new Date('2026-03-01T12:00:00.000Z'))).toEqual(events);
  });
});
