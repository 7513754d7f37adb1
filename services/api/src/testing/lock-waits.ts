import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';

/**
 * Backends of this database waiting for a lock. Read outside a test's transaction: a transaction keeps the
 * backends it first saw in pg_stat_activity, and would miss a connection opened after.
 */
export async function waitingForLocks<D>(db: Kysely<D>): Promise<number> {
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return rows[0]?.waiting ?? 0;
}

/** Settles once `count` backends of this database wait for a lock. */
export async function untilWaitingForLocks<D>(db: Kysely<D>, count: number): Promise<void> {
  while ((await waitingForLocks(db)) < count) await sleep(10);
}
