import type { RunningInvestments } from '@ledgerstone/contracts';
import type { AnyDatabase } from '@ledgerstone/eventstore';
import { formatCents } from '@ledgerstone/ledger';
import { readModelDatabase, readOrEmpty } from '../read-model-database.js';
import type { InvestmentRow } from './investments.projection.js';

/** A running investment's row as the contracts show it. */
export function runningInvestmentOf(row: InvestmentRow): RunningInvestments['data'][number] {
  return {
    id: row.investment_id!,
    plan_name: row.plan_name,
    percentage: row.percentage,
    term_days: row.term_days,
    principal: formatCents(row.principal),
    accrued: formatCents(row.accrued),
    accrued_through: row.accrued_through,
    startedAt: row.started_at!.toISOString(),
    maturesAt: row.matures_at!.toISOString(),
  };
}

/** A member's running investments, the one that matures first first. */
export async function runningInvestmentsOf(db: AnyDatabase, userId: string): Promise<RunningInvestments> {
  const rows = await readOrEmpty(
    () =>
      readModelDatabase(db)
        .selectFrom('rm_investments')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'running')
        .orderBy('matures_at')
        .orderBy('investment_id')
        .execute(),
    [],
  );
  return { data: rows.map(runningInvestmentOf) };
}

/** When the first of a member's running investments matures; null while none runs. */
export async function nextMaturityOf(db: AnyDatabase, userId: string): Promise<Date | null> {
  const next = await readOrEmpty(
    () =>
      readModelDatabase(db)
        .selectFrom('rm_investments')
        .select((select) => select.fn.min('matures_at').as('matures_at'))
        .where('user_id', '=', userId)
        .where('status', '=', 'running')
        .executeTakeFirst(),
    undefined,
  );
  return next?.matures_at ? new Date(next.matures_at) : null;
}
