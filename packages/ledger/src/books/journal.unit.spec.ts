import { describe, expect, it } from '@jest/globals';
import type { AccountEvent } from '../account/account.events.js';
import { event, userId } from '../testing/account-fixtures.js';
import {
  emptyMemberBooks,
  evolveMemberBooks,
  imbalanceOf,
  journalEntry,
  type JournalLine,
} from './journal.js';
import { trialBalance } from './trial-balance.js';

/** Given(the member's events).when(one more).then(the lines it posts); every entry must balance. */
function given(events: AccountEvent[] = []) {
  const books = events.reduce(evolveMemberBooks, emptyMemberBooks);
  return {
    when: (next: AccountEvent) => ({
      then: (expected: JournalLine[]) => {
        const { lines } = journalEntry(next, books);
        expect(lines).toEqual(expected);
        expect(imbalanceOf(lines)).toBe(0n);
      },
    }),
  };
}

const debit = (account: string, amount: bigint): JournalLine => ({ account, debit: amount, credit: 0n });
const credit = (account: string, amount: bigint): JournalLine => ({ account, debit: 0n, credit: amount });

describe('Journal', () => {
  describe('Deposits', () => {
    it('books nothing for a deposit requested: no money is taken in yet', () => {
      given().when(event.depositRequested()).then([]);
    });

    it('books a confirmed deposit into the custody of the payment method it was requested with', () => {
      given([event.depositRequested({ paymentMethodId: 'method-eth' })])
        .when(event.depositConfirmed())
        .then([debit('custody:method-eth', 150_000n), credit('liability:invested', 150_000n)]);
    });

    it('books a confirmed deposit whose request it never saw into unassigned custody', () => {
      given()
        .when(event.depositConfirmed())
        .then([debit('custody:unassigned', 150_000n), credit('liability:invested', 150_000n)]);
    });

    it('books nothing for a rejected deposit', () => {
      given([event.depositRequested()]).when(event.depositRejected()).then([]);
    });
  });

  describe('Withdrawals', () => {
    const requested = event.withdrawalRequested({ paymentMethodId: 'method-usdt' });

    it('moves a withdrawal from the balance into reserved', () => {
      given()
        .when(requested)
        .then([debit('liability:available', 40_000n), credit('liability:reserved', 40_000n)]);
    });

    it('moves a withdrawal of profit from the unlocked profit into reserved', () => {
      given()
        .when(event.withdrawalRequested({ source: 'profit' }))
        .then([debit('liability:profit_unlocked', 40_000n), credit('liability:reserved', 40_000n)]);
    });

    it('pays a withdrawal out of the custody of its payment method', () => {
      given([requested])
        .when(event.withdrawalPaid())
        .then([debit('liability:reserved', 40_000n), credit('custody:method-usdt', 40_000n)]);
    });

    it('returns a rejected withdrawal to the bucket it came from', () => {
      given([requested])
        .when(event.withdrawalRejected())
        .then([debit('liability:reserved', 40_000n), credit('liability:available', 40_000n)]);
      given([event.withdrawalRequested({ source: 'profit' })])
        .when(event.withdrawalRejected({ source: 'profit' }))
        .then([debit('liability:reserved', 40_000n), credit('liability:profit_unlocked', 40_000n)]);
    });
  });

  describe('Profit', () => {
    it('books a day of profit as the platform’s expense, owed to the member as locked profit', () => {
      given()
        .when({
          type: 'ProfitAccrued',
          data: { userId, investmentId: 'i1', day: '2026-03-03', amount: '250' },
        })
        .then([debit('expense:profit', 250n), credit('liability:profit_locked', 250n)]);
    });

    it('moves the principal to the balance and the profit to unlocked at maturity', () => {
      given()
        .when({
          type: 'InvestmentMatured',
          data: { userId, investmentId: 'i1', maturedOn: '2026-04-01', principal: '150000', profit: '7500' },
        })
        .then([
          debit('liability:invested', 150_000n),
          credit('liability:available', 150_000n),
          debit('liability:profit_locked', 7_500n),
          credit('liability:profit_unlocked', 7_500n),
        ]);
    });

    it('posts no line for a maturity without profit', () => {
      given()
        .when({
          type: 'InvestmentMatured',
          data: { userId, investmentId: 'i1', maturedOn: '2026-04-01', principal: '150000', profit: '0' },
        })
        .then([debit('liability:invested', 150_000n), credit('liability:available', 150_000n)]);
    });
  });

  describe('Adjustments', () => {
    it('books money an admin adds against the adjustments account', () => {
      given()
        .when(event.balanceAdjusted({ bucket: 'invested', amount: '2500' }))
        .then([debit('equity:adjustments', 2_500n), credit('liability:invested', 2_500n)]);
    });

    it('books money an admin takes out the other way round', () => {
      given()
        .when(event.balanceAdjusted({ bucket: 'profit', amount: '-2500' }))
        .then([debit('liability:profit_unlocked', 2_500n), credit('equity:adjustments', 2_500n)]);
    });
  });

  describe('Events that move no money', () => {
    it.each([
      event.payoutAddressSaved(),
      {
        type: 'PayoutAddressRemoved',
        data: { userId, wallet: 'bitcoin', removedAt: '2026-03-01T00:00:00Z' },
      },
      event.securityHoldStarted(),
      event.accountLocked(),
      event.accountUnlocked(),
      event.withdrawalLimitsSet(),
    ] as AccountEvent[])('books nothing for $type', (next) => {
      given([event.depositRequested(), event.withdrawalRequested()]).when(next).then([]);
    });
  });

  describe('Member books', () => {
    it('forgets a deposit or withdrawal once it is settled', () => {
      const books = [
        event.depositRequested({ depositId: 'd1' }),
        event.depositRequested({ depositId: 'd2' }),
        event.withdrawalRequested({ withdrawalId: 'w1' }),
        event.withdrawalRequested({ withdrawalId: 'w2' }),
        event.depositConfirmed({ depositId: 'd1' }),
        event.depositRejected({ depositId: 'd2' }),
        event.withdrawalPaid({ withdrawalId: 'w1' }),
      ].reduce(evolveMemberBooks, emptyMemberBooks);
      expect(books).toEqual({ deposits: {}, withdrawals: { w2: 'method-btc' } });
    });
  });
});

describe('Trial balance', () => {
  it('lists assets, liabilities, equity and expenses with balances on their normal side', () => {
    const result = trialBalance([
      { account: 'expense:profit', debit: 250n, credit: 0n },
      { account: 'liability:invested', debit: 0n, credit: 150_000n },
      { account: 'liability:profit_locked', debit: 0n, credit: 250n },
      { account: 'custody:method-btc', debit: 190_000n, credit: 40_000n },
    ]);
    expect(result.accounts.map((row) => [row.account, row.kind, row.balance])).toEqual([
      ['custody:method-btc', 'asset', 150_000n],
      ['liability:invested', 'liability', 150_000n],
      ['liability:profit_locked', 'liability', 250n],
      ['expense:profit', 'expense', 250n],
    ]);
    expect(result).toMatchObject({ debit: 190_250n, credit: 190_250n, difference: 0n });
  });

  it('says by how much debits and credits differ', () => {
    const result = trialBalance([
      { account: 'custody:method-btc', debit: 100n, credit: 0n },
      { account: 'liability:available', debit: 0n, credit: 90n },
    ]);
    expect(result.difference).toBe(10n);
  });
});
