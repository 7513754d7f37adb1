import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createTestDatabase,
  EventStore,
  LogFollower,
  ProjectionRunner,
  rebuildProjection,
  type RecordedEvent,
  type TestDatabase,
} from '@ledgerstone/eventstore';
import { balances, type AccountEvent } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { EventLog, memberEvents } from '../testing/recorded-events.js';
import { memberBalancesProjection } from './member-balances.projection.js';

let database: TestDatabase<unknown>;
let follower: LogFollower;

beforeAll(async () => {
  database = await createTestDatabase('projector_balances_rebuild');
  follower = await LogFollower.start(database.url);
});

afterAll(async () => {
  await follower?.stop();
  await database?.drop();
});

async function balanceRows(): Promise<unknown[]> {
  const { rows } = await sql`
    select user_id, available, invested, profit_locked, profit_unlocked, reserved, total_deposited,
      total_withdrawn, version
    from rm_member_balances order by user_id
  `.execute(database.db);
  return rows;
}

/** A member's history as events to append: deposits, adjustments and withdrawals of every outcome. */
function history(log: EventLog, round: number): RecordedEvent[] {
  const member = memberEvents(log);
  const [confirmed, rejected, paid, refused] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const amount = String(10_000 * (round + 1));
  return [
    member.depositRequested(confirmed, amount),
    member.depositConfirmed(confirmed, amount),
    member.depositRequested(rejected, '500'),
    member.depositRejected(rejected, '500'),
    member.adjusted('available', '40000'),
    member.adjusted('profit', '9000'),
    member.withdrawalRequested(paid, '15000', 'balance'),
    member.withdrawalPaid(paid, '15000', 'balance'),
    member.withdrawalRequested(refused, '3000', 'profit'),
    member.withdrawalRejected(refused, '3000', 'profit'),
    member.adjusted('invested', '-100'),
  ];
}

describe('member balances rebuilt from the log', () => {
  it('equal the live projection and the fold of each stream', async () => {
    const store = new EventStore(database.db);
    const log = new EventLog();
    const streams = Array.from({ length: 6 }, (_, round) => history(log, round));
    let last = null;
    for (const events of streams) {
      const written = events.map(({ id, type, data }) => ({ id, type, data }));
      // Appended in two commands, so the log interleaves nothing but keeps several transactions per stream.
      await store.append(events[0]!.streamId, written.slice(0, 5), { expectedVersion: 'no_stream' });
      last = (await store.append(events[0]!.streamId, written.slice(5), { expectedVersion: 5 })).logPosition;
    }
    const runner = new ProjectionRunner(database.db, [memberBalancesProjection], { follower, batchSize: 7 });
    await runner.start();
    expect(await runner.waitForPosition(last!)).toBe(true);
    await runner.stop();
    const live = await balanceRows();

    const { events } = await rebuildProjection(database.db, memberBalancesProjection, { batchSize: 5 });

    expect(events).toBe(66);
    expect(await balanceRows()).toEqual(live);
    const folded = streams.map((events) => {
      const figures = balances(events as unknown as AccountEvent[]);
      return {
        user_id: (events[0]!.data as { userId: string }).userId,
        available: figures.available,
        invested: figures.invested,
        profit_locked: figures.profitLocked,
        profit_unlocked: figures.profitUnlocked,
        reserved: figures.reserved,
        total_deposited: figures.totalDeposited,
        total_withdrawn: figures.totalWithdrawn,
        version: 11,
      };
    });
    expect(live).toEqual(folded.sort((a, b) => a.user_id.localeCompare(b.user_id)));
  });
});
