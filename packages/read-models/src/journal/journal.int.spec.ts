import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { createTestDatabase } from '@ledgerstone/eventstore';
import { sql } from 'kysely';
import { projectionDatabase } from '../testing/projection-database.js';
import { BITCOIN_METHOD_ID, EventLog, memberEvents } from '../testing/recorded-events.js';
import { evolve, journalProjection } from './journal.projection.js';
import { journalTotalsAsOf } from './journal.queries.js';

const { db, deliver, row } = projectionDatabase('read_models_journal', [journalProjection]);
const log = new EventLog();
const BTC = `custody:${BITCOIN_METHOD_ID}`;

const linesOf = (userId: string) =>
  sql<Record<string, unknown>>`
    select line, account, debit, credit from rm_journal_lines
    where stream_id = ${`account-${userId}`} order by global_position, line
  `
    .execute(db())
    .then(({ rows }) => rows);

const debit = (account: string, amount: bigint) => ({ account, debit: amount, credit: 0n });
const credit = (account: string, amount: bigint) => ({ account, debit: 0n, credit: amount });

describe('journal', () => {
  it('given a deposit requested, its confirmation is booked into the custody of the method it was requested with', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    await deliver(journalProjection, [member.depositRequested(depositId, '150000')]);
    expect(await linesOf(member.userId)).toEqual([]);
    expect(await row('rm_journal_members', 'user_id', member.userId)).toMatchObject({
      version: 1,
      deposits: { [depositId]: BITCOIN_METHOD_ID },
    });

    const confirmed = member.depositConfirmed(depositId, '150000');
    await deliver(journalProjection, [confirmed]);

    expect(await linesOf(member.userId)).toEqual([
      { line: 1, ...debit(BTC, 150000n) },
      { line: 2, ...credit('liability:invested', 150000n) },
    ]);
    expect(await row('rm_journal_lines', 'event_id', confirmed.id)).toMatchObject({
      global_position: confirmed.globalPosition,
      stream_id: confirmed.streamId,
      occurred_at: confirmed.recordedAt,
    });
    expect(await row('rm_journal_members', 'user_id', member.userId)).toMatchObject({
      version: 2,
      deposits: {},
    });
  });

  it('books withdrawals, their payout and rejection, profit, maturity and adjustments', async () => {
    const member = memberEvents(log);
    const { userId } = member;
    const [depositId, paid, rejected] = [randomUUID(), randomUUID(), randomUUID()];
    const investmentId = randomUUID();
    await deliver(journalProjection, [
      member.depositRequested(depositId, '150000'),
      member.depositConfirmed(depositId, '150000'),
      log.account('ProfitAccrued', { userId, investmentId, day: '2026-11-22', amount: '2500' }),
      log.account('InvestmentMatured', {
        userId,
        investmentId,
        maturedOn: '2026-12-21',
        principal: '150000',
        profit: '2500',
      }),
      member.withdrawalRequested(paid, '30000', 'balance'),
      member.withdrawalPaid(paid, '30000', 'balance'),
      member.withdrawalRequested(rejected, '1000', 'profit'),
      member.withdrawalRejected(rejected, '1000', 'profit'),
      member.adjusted('available', '-500', 'Fee'),
      member.adjusted('invested', '700', 'Bonus'),
    ]);

    expect(await linesOf(userId)).toEqual([
      { line: 1, ...debit(BTC, 150000n) },
      { line: 2, ...credit('liability:invested', 150000n) },
      { line: 1, ...debit('expense:profit', 2500n) },
      { line: 2, ...credit('liability:profit_locked', 2500n) },
      { line: 1, ...debit('liability:invested', 150000n) },
      { line: 2, ...credit('liability:available', 150000n) },
      { line: 3, ...debit('liability:profit_locked', 2500n) },
      { line: 4, ...credit('liability:profit_unlocked', 2500n) },
      { line: 1, ...debit('liability:available', 30000n) },
      { line: 2, ...credit('liability:reserved', 30000n) },
      { line: 1, ...debit('liability:reserved', 30000n) },
      { line: 2, ...credit(BTC, 30000n) },
      { line: 1, ...debit('liability:profit_unlocked', 1000n) },
      { line: 2, ...credit('liability:reserved', 1000n) },
      { line: 1, ...debit('liability:reserved', 1000n) },
      { line: 2, ...credit('liability:profit_unlocked', 1000n) },
      { line: 1, ...debit('liability:available', 500n) },
      { line: 2, ...credit('equity:adjustments', 500n) },
      { line: 1, ...debit('equity:adjustments', 700n) },
      { line: 2, ...credit('liability:invested', 700n) },
    ]);
  });

  it('posts no line for an event that moves no money, and still moves the member on', async () => {
    const member = memberEvents(log);
    await deliver(journalProjection, [
      log.account('AccountLocked', {
        userId: member.userId,
        lockedBy: 'member',
        adminId: null,
        reason: 'Not me',
        lockedAt: '2026-11-21T12:00:00.000Z',
      }),
    ]);
    expect(await linesOf(member.userId)).toEqual([]);
    expect(await row('rm_journal_members', 'user_id', member.userId)).toMatchObject({ version: 1 });
  });

  it('delivered twice, posts each entry once and keeps what it remembers of the member', async () => {
    const member = memberEvents(log);
    const [depositId, withdrawalId] = [randomUUID(), randomUUID()];
    const batch = [
      member.depositRequested(depositId, '150000'),
      member.depositConfirmed(depositId, '150000'),
      member.withdrawalRequested(withdrawalId, '1000'),
    ];
    await deliver(journalProjection, batch);
    const once = await linesOf(member.userId);
    const remembered = await row('rm_journal_members', 'user_id', member.userId);

    await deliver(journalProjection, batch);
    await deliver(journalProjection, batch.slice(0, 1));

    expect(await linesOf(member.userId)).toEqual(once);
    expect(await row('rm_journal_members', 'user_id', member.userId)).toEqual(remembered);
    expect(remembered).toMatchObject({
      version: 3,
      deposits: {},
      withdrawals: { [withdrawalId]: BITCOIN_METHOD_ID },
    });
  });

  it('evolve posts nothing for an event the member row already reflects', () => {
    const member = memberEvents(log);
    const requested = member.depositRequested(randomUUID(), '100000');
    const first = evolve(null, requested);
    expect(first).toMatchObject({ member: { version: 1 }, lines: [] });
    expect(evolve(first!.member, requested)).toBeNull();
  });

  // After the histories above: three deposits of 1,500.00 confirmed through Bitcoin, one payout of 300.00.
  it('sums the lines per account up to a moment, and names the first entry that does not balance', async () => {
    const totals = await journalTotalsAsOf(db(), null);
    expect(await journalTotalsAsOf(db(), new Date('2100-01-01T00:00:00Z'))).toEqual(totals);
    const sum = (side: 'debit' | 'credit') => totals.accounts.reduce((all, each) => all + each[side], 0n);
    expect(sum('debit')).toBe(sum('credit'));
    expect(totals.unbalancedSince).toBeNull();
    expect(totals.accounts.find((each) => each.account === BTC)).toEqual({
      account: BTC,
      debit: 3n * 150000n,
      credit: 30000n,
    });

    const member = memberEvents(log);
    const depositId = randomUUID();
    const requested = member.depositRequested(depositId, '150000');
    const confirmed = member.depositConfirmed(depositId, '150000');
    await deliver(journalProjection, [requested, confirmed]);
    const before = await journalTotalsAsOf(db(), new Date(confirmed.recordedAt.getTime() - 1));
    expect(before.entries).toBe(totals.entries);
    expect((await journalTotalsAsOf(db(), confirmed.recordedAt)).entries).toBe(totals.entries + 1);

    await sql`update rm_journal_lines set credit = credit - 1 where event_id = ${confirmed.id} and line = 2`.execute(
      db(),
    );
    const broken = await journalTotalsAsOf(db(), confirmed.recordedAt);
    expect(broken.unbalancedSince).toEqual({
      eventId: confirmed.id,
      globalPosition: confirmed.globalPosition,
      occurredAt: confirmed.recordedAt,
      difference: 1n,
    });
  });

  it('is empty before the projector first created its tables', async () => {
    const empty = await createTestDatabase('read_models_journal_empty');
    try {
      expect(await journalTotalsAsOf(empty.db, new Date())).toEqual({
        accounts: [],
        entries: 0,
        lastOccurredAt: null,
        unbalancedSince: null,
      });
    } finally {
      await empty.drop();
    }
  });
});
