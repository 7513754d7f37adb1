import type { AccountActivity } from '@ledgerstone/contracts';
import type { AnyDatabase } from '@ledgerstone/eventstore';
import { formatCents } from '@ledgerstone/ledger';
import { readModelDatabase, readOrEmpty } from '../read-model-database.js';

/** A member's account activity and security changes, newest first. */
/** The member's money movements, newest first: the newest `limit` of them when given. */
export async function accountActivityOf(
  db: AnyDatabase,
  userId: string,
  limit?: number,
): Promise<AccountActivity> {
  const rows = await readOrEmpty(
    () =>
      readModelDatabase(db)
        .selectFrom('rm_account_activity')
        // Columns by name: a statement without `*` is prepared on its connection (see the event store's pool).
        .select(['event_id', 'type', 'amount', 'bucket', 'reason', 'occurred_at'])
        .where('user_id', '=', userId)
        .orderBy('global_position', 'desc')
        .$if(limit !== undefined, (query) => query.limit(limit!))
        .execute(),
    [],
  );
  return {
    data: rows.map((row) => ({
      id: row.event_id,
      type: row.type,
      amount: formatCents(row.amount),
      bucket: row.bucket,
      reason: row.reason,
      occurredAt: row.occurred_at.toISOString(),
    })),
  };
}
