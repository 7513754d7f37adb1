import type { AnyDatabase } from '@ledgerstone/eventstore';
import type { Kysely } from 'kysely';
import type { ActivityRow } from './account-activity/account-activity.projection.js';
import type { AdminTotalsRow, MemberStateRow } from './admin-totals/admin-totals.projection.js';
import type { DepositRow } from './deposits/deposits.projection.js';
import type { InvestmentRow } from './investments/investments.projection.js';
import type { JournalLineRow, JournalMemberRow } from './journal/journal.projection.js';
import type { MemberBalancesRow } from './member-balances/member-balances.projection.js';
import type { ReferralRow } from './referrals/referrals.projection.js';
import type { TransactionRow } from './transactions/transactions.projection.js';
import type { WithdrawalRow } from './withdrawals/withdrawals.projection.js';

/** The projector's tables as kysely reads them (amounts in cents). */
export type ReadModelTables = {
  rm_member_balances: MemberBalancesRow;
  rm_deposits: DepositRow;
  rm_withdrawals: WithdrawalRow;
  rm_account_activity: ActivityRow;
  rm_admin_totals: AdminTotalsRow & { id: number };
  rm_admin_member_states: MemberStateRow;
  rm_transactions: TransactionRow;
  rm_referrals: ReferralRow;
  rm_investments: InvestmentRow;
  rm_journal_lines: JournalLineRow;
  rm_journal_members: JournalMemberRow;
};

export type ReadModelDatabase = Kysely<ReadModelTables>;

/** A connection typed with the read model tables. */
export function readModelDatabase(db: AnyDatabase): ReadModelDatabase {
  return db.withTables<ReadModelTables>();
}

const UNDEFINED_TABLE = '42P01';

/**
 * Runs a read; until the projector has created a read model's table for the first time, the read model is
 * empty, so the answer is `empty` rather than an error.
 */
export async function readOrEmpty<T>(read: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return empty;
    throw error;
  }
}
