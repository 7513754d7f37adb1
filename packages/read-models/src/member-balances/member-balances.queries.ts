import type { MemberFigures } from '@ledgerstone/contracts';
import type { AnyDatabase } from '@ledgerstone/eventstore';
import { formatCents, totalProfit } from '@ledgerstone/ledger';
import { readModelDatabase, readOrEmpty } from '../read-model-database.js';
import type { MemberBalancesRow } from './member-balances.projection.js';

/** The dashboard's four cards from a balances row; zeros before any money moved. */
export function figuresOf(
  row:
    | Pick<
        MemberBalancesRow,
        'available' | 'profit_locked' | 'profit_unlocked' | 'total_deposited' | 'total_withdrawn'
      >
    | undefined,
): MemberFigures {
  return {
    withdrawable_balance: formatCents(row?.available ?? 0n),
    total_invest: formatCents(row?.total_deposited ?? 0n),
    total_withdrawal: formatCents(row?.total_withdrawn ?? 0n),
    total_balance: formatCents(
      row ? totalProfit({ profitLocked: row.profit_locked, profitUnlocked: row.profit_unlocked }) : 0n,
    ),
  };
}

const BALANCES_COLUMNS = [
  'user_id',
  'available',
  'invested',
  'profit_locked',
  'profit_unlocked',
  'reserved',
  'total_deposited',
  'total_withdrawn',
  'version',
  'updated_at',
] as const satisfies readonly (keyof MemberBalancesRow)[];

/** A member's balances row; undefined before any money moved. */
export async function memberBalancesOf(
  db: AnyDatabase,
  userId: string,
): Promise<MemberBalancesRow | undefined> {
  return readOrEmpty(
    () =>
      readModelDatabase(db)
        .selectFrom('rm_member_balances')
        // Columns by name: a statement without `*` is prepared on its connection (see the event store's pool).
        .select(BALANCES_COLUMNS)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    undefined,
  );
}

export async function memberFiguresOf(db: AnyDatabase, userId: string): Promise<MemberFigures> {
  return figuresOf(await memberBalancesOf(db, userId));
}

/** What each of the members can withdraw now, by user id; members without a row are left out. */
export async function availableBalancesOf(
  db: AnyDatabase,
  userIds: readonly string[],
): Promise<Map<string, bigint>> {
  const rows = await readOrEmpty(
    () =>
      userIds.length === 0
        ? Promise.resolve([])
        : readModelDatabase(db)
            .selectFrom('rm_member_balances')
            .select(['user_id', 'available'])
            .where('user_id', 'in', userIds)
            .execute(),
    [],
  );
  return new Map(rows.map((row) => [row.user_id, row.available]));
}
