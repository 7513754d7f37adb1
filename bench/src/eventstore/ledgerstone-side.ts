import { randomUUID } from 'node:crypto';
import {
  createDatabase,
  EventStore,
  LOG_START,
  migrateToLatest,
  rebuildProjection,
  StreamVersionConflict,
  type Projection,
  type RecordedEvent,
} from '@ledgerstone/eventstore';
import { sql } from 'kysely';
import { serveSide } from './side.js';
import { appendFigures, measureRate, type AppendTarget, type BenchEvent } from './workload.js';

/** The simplest read model: each account stream's balance, kept by upserting a batch's sums. */
const balances: Projection = {
  name: 'bench_balances',
  eventTypes: ['FundsDeposited'],
  tables: ['bench_balances'],
  async createTables(db) {
    await sql`create table bench_balances (account_id text primary key, balance_cents bigint not null)`.execute(
      db,
    );
  },
  async apply(trx, events) {
    const totals = new Map<string, bigint>();
    for (const event of events as RecordedEvent<string, BenchEvent['data']>[]) {
      totals.set(event.streamId, (totals.get(event.streamId) ?? 0n) + BigInt(event.data.amountCents));
    }
    await sql`
      insert into bench_balances (account_id, balance_cents)
      select * from unnest(${[...totals.keys()]}::text[], ${[...totals.values()].map(String)}::bigint[])
      on conflict (account_id) do update set balance_cents = bench_balances.balance_cents + excluded.balance_cents
    `.execute(trx);
  },
};

serveSide(async ({ databaseUrl, config }) => {
  const db = createDatabase(databaseUrl, { maxConnections: config.poolSize });
  await migrateToLatest(db);
  const store = new EventStore(db);
  const settle = async () => {
    await sql`checkpoint`.execute(db);
  };

  const target: AppendTarget = {
    async append(streamId, event, expectedVersion) {
      try {
        await store.append(streamId, [{ id: randomUUID(), ...event }], {
          expectedVersion: Number(expectedVersion),
        });
        return 'appended';
      } catch (error) {
        if (error instanceof StreamVersionConflict) return 'conflict';
        throw error;
      }
    },
    async currentVersion(streamId, seen) {
      const events = await store.readStream(streamId, { fromPosition: Number(seen) });
      return BigInt(events.at(-1)?.streamPosition ?? 0);
    },
  };

  const readLog = async (limitEvents: number) => {
    let read = 0;
    for await (const events of store.readAllPages({ after: LOG_START, limit: config.readBatch })) {
      read += events.length;
      if (read >= limitEvents) break;
    }
    return read;
  };

  return {
    figures: {
      ...appendFigures(target, {
        side: 'ledgerstone',
        events: config.events,
        warmupEvents: config.warmupEvents,
        settle,
      }),
      async read() {
        await readLog(config.warmupEvents);
        await settle();
        return measureRate('ledgerstone read', () => readLog(Number.POSITIVE_INFINITY));
      },
      async replay() {
        await settle();
        return measureRate('ledgerstone replay', async () => (await rebuildProjection(db, balances)).events);
      },
    },
    async close() {
      await db.destroy();
    },
  };
});
