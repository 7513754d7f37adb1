import type { AdminTotals } from '@ledgerstone/contracts';
import type { AnyDatabase } from '@ledgerstone/eventstore';
import { formatCents } from '@ledgerstone/ledger';
import { readModelDatabase, readOrEmpty } from '../read-model-database.js';
import { zeroTotals } from './admin-totals.projection.js';

/** The admin dashboard's counts and sums; zeros before the first event. */
export async function adminTotals(db: AnyDatabase): Promise<AdminTotals> {
  const row =
    (await readOrEmpty(
      () =>
        readModelDatabase(db)
          .selectFrom('rm_admin_totals')
          .selectAll()
          .where('id', '=', 1)
          .executeTakeFirst(),
      undefined,
    )) ?? zeroTotals;
  return {
    users: row.users,
    active_users: row.active_users,
    total_deposits: formatCents(row.total_deposits),
    pending_deposits: { count: row.pending_deposits_count, amount: formatCents(row.pending_deposits_sum) },
    total_withdrawals: formatCents(row.total_withdrawals),
    pending_withdrawals: {
      count: row.pending_withdrawals_count,
      amount: formatCents(row.pending_withdrawals_sum),
    },
  };
}
