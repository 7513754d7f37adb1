import { describe, expect, it } from '@jest/globals';
import { IllegalStateError, ValidationError } from '../account/account.errors.js';
import type { AccountEvent } from '../account/account.events.js';
import { event, userId } from '../testing/account-fixtures.js';
import { specificationFor } from '../testing/decider-specification.js';
import {
  closingTotals,
  emptyClosingBooks,
  memberOwed,
  periodBounds,
  periodDecider,
  postToClosingBooks,
  type BooksCommand,
  type BooksEvent,
  type Closing,
  type PeriodState,
} from './period-close.js';

const given = specificationFor<BooksCommand, BooksEvent, PeriodState>(periodDecider);

const admin = 'a1111111-1111-4111-8111-111111111111';
const lastEvent = {
  globalPosition: '42',
  eventId: 'e4444444-4444-4444-8444-444444444444',
  streamId: 'account-b2222222-2222-4222-8222-222222222222',
  streamPosition: 7,
  recordedAt: '2026-11-26T23:59:59.999Z',
  hash: 'ab'.repeat(32),
};
const closing: Closing = {
  entries: 3,
  lastEvent,
  accounts: [
    { account: 'liability:invested', debit: 0n, credit: 150_000n },
    { account: 'custody:bitcoin', debit: 150_000n, credit: 0n },
    { account: 'liability:available', debit: 10_000n, credit: 12_500n },
    { account: 'equity:adjustments', debit: 2_500n, credit: 0n },
  ],
  members: 2,
  leaves: 8,
  merkleRoot: 'cd'.repeat(32),
  total: 152_500n,
};

const close = (
  period = '2026-11-26',
  now = new Date('2026-11-27T00:00:00Z'),
  requestKey = 'request-1',
): BooksCommand => ({
  type: 'ClosePeriod',
  data: { period, now, closedBy: admin, requestKey, closing },
});

const closed = (period = '2026-11-26', requestKey = 'request-1'): BooksEvent => ({
  type: 'PeriodClosed',
  data: {
    period,
    kind: period.length === 7 ? 'month' : 'day',
    from: periodBounds(period)!.from.toISOString(),
    to: periodBounds(period)!.to.toISOString(),
    closedAt: '2026-11-27T00:00:00.000Z',
    closedBy: admin,
    requestKey,
    entries: 3,
    lastEvent,
    accounts: [
      { account: 'custody:bitcoin', debit: '150000', credit: '0' },
      { account: 'equity:adjustments', debit: '2500', credit: '0' },
      { account: 'liability:available', debit: '10000', credit: '12500' },
      { account: 'liability:invested', debit: '0', credit: '150000' },
    ],
    members: 2,
    leaves: 8,
    merkleRoot: 'cd'.repeat(32),
    total: '152500',
  },
});

describe('an open period', () => {
  it('closes once it has ended, with its closing balances sorted by account', () => {
    given([]).when(close()).then([closed()]);
  });

  it('closes a month once the month has ended', () => {
    const october = { ...lastEvent, recordedAt: '2026-10-31T23:00:00.000Z' };
    const command = close('2026-10', new Date('2026-11-27T00:00:00Z'));
    command.data.closing = { ...closing, lastEvent: october };
    const expected = closed('2026-10');
    expected.data.lastEvent = october;

    given([]).when(command).then([expected]);
  });

  it('does not close before it has ended, naming the moment it can', () => {
    given([])
      .when(close('2026-11-26', new Date('2026-11-26T23:59:59.999Z')))
      .thenThrows(
        ValidationError,
        '2026-11-26 has not ended yet: it can be closed from 2026-11-27T00:00:00.000Z',
      );
    given([])
      .when(close('2026-11', new Date('2026-11-27T00:00:00Z')))
      .thenThrows(ValidationError);
  });

  it('does not close a period in the future', () => {
    const error = given([])
      .when(close('2027-01-05', new Date('2026-11-27T00:00:00Z')))
      .thenThrows(ValidationError, '2027-01-05 has not begun yet');
    expect((error as ValidationError).field).toBe('period');
  });

  it('refuses what is not a day or a month', () => {
    for (const period of ['2026-02-30', '2026-13', 'yesterday', '2026-11-26 ', '1999-12-31']) {
      given([])
        .when(close(period))
        .thenThrows(ValidationError, 'Enter a day as YYYY-MM-DD or a month as YYYY-MM');
    }
  });

  it('refuses a closing whose member balances do not add up to the liabilities', () => {
    const command = close();
    if (command.type !== 'ClosePeriod') throw new Error('a close');
    command.data.closing = { ...closing, total: closing.total + 1n };
    given([])
      .when(command)
      .thenThrows(IllegalStateError, "The members' balances do not add up to the books' liabilities");
  });

  it('refuses a closing that counted an event recorded after the period', () => {
    const command = close();
    command.data.closing = {
      ...closing,
      lastEvent: { ...lastEvent, recordedAt: '2026-11-27T00:00:00.000Z' },
    };
    given([]).when(command).thenThrows(IllegalStateError);
  });
});

describe('a closed period', () => {
  it('is not closed a second time', () => {
    given([closed()])
      .when(close('2026-11-26', new Date('2026-11-28T00:00:00Z'), 'request-2'))
      .thenThrows(IllegalStateError, '2026-11-26 is already closed');
  });

  it('changes nothing when the request that closed it comes again', () => {
    given([closed()])
      .when(close('2026-11-26', new Date('2026-11-28T00:00:00Z'), 'request-1'))
      .thenNothing();
  });

  it("refuses another admin's request under the key of the request that closed it", () => {
    const byAnother = close('2026-11-26', new Date('2026-11-28T00:00:00Z'), 'request-1');
    given([closed()])
      .when({ ...byAnother, data: { ...byAnother.data, closedBy: 'another-admin' } })
      .thenThrows(IllegalStateError, '2026-11-26 is already closed');
  });
});

describe('the closing books', () => {
  const events: AccountEvent[] = [
    event.depositRequested({ depositId: 'd1', amount: '150000', paymentMethodId: 'bitcoin' }),
    event.depositConfirmed({ depositId: 'd1', amount: '150000' }),
    event.balanceAdjusted({ bucket: 'available', amount: '2500' }),
  ];

  it('post every entry, page by page, and keep what each member is owed', () => {
    const books = postToClosingBooks(
      postToClosingBooks(emptyClosingBooks, events.slice(0, 1)),
      events.slice(1),
    );

    expect(books.entries).toBe(2);
    expect(Object.fromEntries(books.accounts)).toEqual({
      'custody:bitcoin': { debit: 150_000n, credit: 0n },
      'liability:invested': { debit: 0n, credit: 150_000n },
      'equity:adjustments': { debit: 2_500n, credit: 0n },
      'liability:available': { debit: 0n, credit: 2_500n },
    });
    expect(memberOwed(books.members.get(userId)!.balances)).toBe(152_500n);
    expect(emptyClosingBooks.accounts.size).toBe(0);
  });

  it('read back from a PeriodClosed in cents', () => {
    const event = closed();
    expect(closingTotals(event.data.accounts)[0]).toEqual({
      account: 'custody:bitcoin',
      debit: 150_000n,
      credit: 0n,
    });
  });
});
