import { sql } from 'kysely';
import { PLATFORM_APPLICATION_NAME, type AnyDatabase } from './database.js';
import { delay } from './log-follower.js';

/**
 * Waits until every event recorded before `moment` can be read, up to `timeoutMs`; false if one may still come.
 * An event is recorded at the time of its append but seen only once its transaction commits, later: until no
 * transaction begun before `moment` is running, one may still add an event that falls before it (a transaction
 * begun after it cannot: an append's time is never before its transaction began).
 * Only the platform's own sessions count (PLATFORM_APPLICATION_NAME): they alone append, and none keeps a
 * transaction open for long, where a backup's or a console's may for hours.
 */
export async function waitForEventsRecordedBefore(
  db: AnyDatabase,
  moment: Date,
  options: { timeoutMs: number; pollMs?: number },
): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const { rows } = await sql<{ running: number }>`
      select count(*)::int as running from pg_stat_activity
      where datname = current_database() and application_name = ${PLATFORM_APPLICATION_NAME}
        and pid <> pg_backend_pid() and xact_start < ${moment}
    `.execute(db);
    if (rows[0]!.running === 0) return true;
    if (Date.now() >= deadline) return false;
    await delay(options.pollMs ?? 50);
  }
}
