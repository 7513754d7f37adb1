import type { AccountStatesTable } from '../persistence/accounts.tables.js';
import type { PaymentMethodsTable } from '../../catalog/index.js';
import type { UsersTable } from '../../identity/index.js';
import type { Kysely } from 'kysely';

/** The projector's tables as the queries read them (amounts in cents). */
export interface MemberBalancesTable {
  user_id: string;
  available: bigint;
  invested: bigint;
  profit_locked: bigint;
  profit_unlocked: bigint;
  reserved: bigint;
  total_deposited: bigint;
  total_withdrawn: bigint;
  version: number;
  updated_at: Date;
}

export interface DepositsTable {
  deposit_id: string;
  user_id: string;
  amount: bigint;
  plan_name: string;
  percentage: string;
  payment_method_id: string;
  status: 'pending' | 'completed' | 'rejected';
  reason: string | null;
  requested_at: Date;
  decided_at: Date | null;
}

export interface WithdrawalsTable {
  withdrawal_id: string;
  user_id: string;
  amount: bigint;
  source: 'balance' | 'profit';
  payment_method_id: string;
  status: 'pending' | 'paid' | 'rejected';
  reason: string | null;
  payout_reference: string | null;
  requested_at: Date;
  decided_at: Date | null;
}

export interface AccountActivityTable {
  event_id: string;
  user_id: string;
  type: string;
  amount: bigint;
  bucket: string | null;
  reason: string | null;
  occurred_at: Date;
  stream_position: number;
}

export interface AdminTotalsTable {
  id: number;
  users: number;
  active_users: number;
  total_deposits: bigint;
  pending_deposits_count: number;
  pending_deposits_sum: bigint;
  total_withdrawals: bigint;
  pending_withdrawals_count: number;
  pending_withdrawals_sum: bigint;
}

export interface TransactionsTable {
  id: string;
  type: 'deposit' | 'withdrawal';
  user_id: string;
  status: 'pending' | 'completed' | 'paid' | 'rejected';
  amount: bigint;
  payment_method_id: string;
  created_at: Date;
}

export interface InvestmentsTable {
  deposit_id: string;
  investment_id: string | null;
  user_id: string;
  plan_name: string;
  percentage: string;
  term_days: number;
  principal: bigint;
  accrued: bigint;
  accrued_through: string | null;
  status: 'pending' | 'running' | 'matured' | 'rejected';
  started_at: Date | null;
  matures_at: Date | null;
  matured_on: string | null;
  version: number;
}

export interface ReferralsTable {
  user_id: string;
  referrer_id: string;
  created_at: Date;
  verified: boolean;
}

export type ReadModelTables = {
  rm_member_balances: MemberBalancesTable;
  rm_deposits: DepositsTable;
  rm_withdrawals: WithdrawalsTable;
  rm_account_activity: AccountActivityTable;
  rm_admin_totals: AdminTotalsTable;
  rm_transactions: TransactionsTable;
  rm_referrals: ReferralsTable;
  rm_investments: InvestmentsTable;
  account_states: AccountStatesTable;
  users: UsersTable;
  payment_methods: PaymentMethodsTable;
};

export type ReadModelDatabase = Kysely<ReadModelTables>;

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

/** The shared connection, typed with the read model tables. */
export function readModelDatabase(db: Kysely<unknown>): ReadModelDatabase {
  return db.withTables<ReadModelTables>();
}
